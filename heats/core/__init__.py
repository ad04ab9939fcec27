"""Pure code of heats: no Django import (tests/architecture)."""
