"""Event operations: load rows, call the pure code, save inside a transaction.

Views and management commands are thin wrappers over these functions (STYLE.md).
Every change is written to the event's audit log with who and when. The package
splits them by topic: ``core`` (events, rounds, players, the audit log),
``checkin``, ``seat``, ``late``, ``clock`` and ``staff``; everything public is
importable from here.
"""

from heats.services.checkin import (  # noqa: F401
    WAITING_STATUSES,
    CheckInReport,
    check_in,
    checked_in_count,
    create_heat,
    next_heat_number,
    open_heat,
    parse_name_list,
    search_players,
    undo_check_in,
)
from heats.services.clock import (  # noqa: F401
    clock_json,
    clock_start,
    current_round,
    marks,
    round_json,
    start_clock,
)
from heats.services.core import (  # noqa: F401
    EVENT_SETTINGS,
    SLUG,
    PlayerDirectory,
    create_event,
    get_event,
    get_round,
    lock,
    log,
    mark_absent,
    parse_round_code,
    settings_problems,
)
from heats.services.late import (  # noqa: F401
    add_late_player,
    completion_blockers,
    open_tables,
)
from heats.services.seat import (  # noqa: F401
    SwapReport,
    add_keep_apart,
    current_objective,
    form_late_table,
    has_results,
    keep_apart_pairs,
    lock_tables,
    remove_keep_apart,
    round_tables,
    seat_round,
    seating_history,
    seating_state,
    swap_seats,
    waiting_players,
)
from heats.services.staff import (  # noqa: F401
    add_staff,
    create_login,
    find_login,
    remove_staff,
    staff_of,
)
