"""Pure code of scoring: no Django import (tests/architecture)."""
