"""App config for ``scoring``: results, rules checks and advancement."""

from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Player records, scoresheets, advancement and the public standings."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = "Results and advancement"

    def ready(self) -> None:
        # Connects the receivers of heats' signals (report links follow the
        # tables), and adds the results to heats' GM pages (heats.extensions).
        from scoring import extensions, receivers  # noqa: F401

        # Records the plural messages that replace "(s)" texts stored before
        # (heats.core.message.replaces), before any stored row is read.
        from scoring.core import warnings_text  # noqa: F401
        from scoring.core.medici import verify  # noqa: F401
