"""App config for ``scoring``: results, rules checks and advancement."""

from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Player records, scoresheets, advancement and the public standings."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = "Results and advancement"
