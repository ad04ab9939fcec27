#!/usr/bin/env python
"""Django's command-line utility for medici-tourney."""

import os
import sys


def main() -> None:
    """Run a management command (``python manage.py help`` lists them)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
