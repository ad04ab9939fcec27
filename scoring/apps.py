"""App config for ``scoring``: results, rules checks and advancement."""

from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Player records, scoresheets, advancement and the public standings."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = "Results and advancement"

    def ready(self) -> None:
        # Connects the receivers that forget cached event versions on a change,
        # and adds the results to heats' GM pages (heats.extensions).
        from medici_tourney import public_cache  # noqa: F401
        from scoring import extensions, receivers  # noqa: F401
