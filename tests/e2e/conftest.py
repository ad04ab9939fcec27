"""The browser fixture of ``test_heat_flow`` (Debian's Chromium), for every browser
test of this folder."""

from tests.e2e.test_heat_flow import browser  # noqa: F401
