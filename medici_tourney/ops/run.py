"""``make run``: Django's development server, with automatic backups beside it.

    python -m medici_tourney.ops.run [ADDRESS:PORT]

Holds this folder's serving lock (``medici_tourney.ops.running``: ``make
restore`` refuses meanwhile), starts the backup loop
(``medici_tourney.ops.backup_loop``; ``MEDICI_BACKUP_MINUTES``, ``MEDICI_BACKUP_KEEP``)
as a child of this process, then becomes ``manage.py runserver``. The loop is
started once, before the autoreloader, whose restarts happen in a child of its
own; the loop ends when runserver does (Ctrl-C included).
"""

from __future__ import annotations

import os
import sys

from medici_tourney.ops import backup_loop, running


def main(argv: list[str]) -> int:
    running.hold_while_serving()
    backup_loop.start_beside(dict(os.environ), running.BASE_DIR)
    manage = str(running.BASE_DIR / "manage.py")
    os.execv(sys.executable, [sys.executable, manage, "runserver", *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
