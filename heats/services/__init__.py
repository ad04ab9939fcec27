"""Event operations: load rows, call the pure code, save inside a transaction.

Views and management commands are thin wrappers over these functions
(docs/architecture.md). Every change is written to the event's audit log with
who and when. The package splits them by topic: ``audit`` (the log and the lock
order), ``events`` (events and rounds), ``event_admin`` (settings changed,
archiving, an empty heat deleted), ``players``, ``checkin``, ``seating``,
``reseating`` (the seating "Seat again" replaced, put back), ``late``,
``short_tables`` (a table left with 3 before play), ``keep_apart``, ``clock``,
``staff``, ``versions`` (what a GM form was drawn from) and ``desk`` (the round
page's read model); everything public is importable from here.
"""

from heats.services.audit import acting_user, lock, log  # noqa: F401
from heats.services.checkin import (  # noqa: F401
    WAITING_STATUSES,
    CheckInReport,
    check_in,
    check_in_typed,
    checked_in_count,
    create_heat,
    next_heat_number,
    open_heat,
    parse_name_list,
    search_players,
)
from heats.services.checkin_identity import (  # noqa: F401
    Candidate,
    DeskLine,
    SamePersonError,
)
from heats.services.checkin_undo import (  # noqa: F401
    UndoReport,
    only_here,
    undo_check_in,
)
from heats.services.clock import (  # noqa: F401
    clock_json,
    clock_start,
    clock_state,
    current_round,
    marks,
    round_json,
    start_clock,
)
from heats.services.event_admin import (  # noqa: F401
    SETTINGS,
    delete_heat,
    set_archived,
    settings_of,
    update_settings,
)
from heats.services.events import (  # noqa: F401
    EVENT_SETTINGS,
    SLUG,
    create_event,
    get_event,
    get_round,
    parse_round_code,
    settings_problems,
)
from heats.services.keep_apart import (  # noqa: F401
    KEEP_APART,
    add_keep_apart,
    keep_apart_pairs,
    remove_keep_apart,
)
from heats.services.late import (  # noqa: F401
    add_late_player,
    completion_blockers,
    late_options,
    open_tables,
)
from heats.services.players import PlayerDirectory, mark_absent  # noqa: F401
from heats.services.reseating import (  # noqa: F401
    PreviousSeating,
    PutBack,
    previous_seating,
    undo_seating,
)
from heats.services.seating import (  # noqa: F401
    SwapReport,
    current_objective,
    form_late_table,
    has_results,
    lock_tables,
    round_tables,
    seat_round,
    seating_history,
    seating_snapshot,
    seating_state,
    swap_seats,
    waiting_players,
)
from heats.services.short_tables import (  # noqa: F401
    Dispersed,
    ShortTable,
    move_short_table,
    short_tables,
)
from heats.services.staff import (  # noqa: F401
    STAFF,
    add_staff,
    create_login,
    find_login,
    remove_staff,
    staff_of,
)
from heats.services.versions import (  # noqa: F401
    MissingVersionError,
    StaleFormError,
    Topic,
    form_version,
    require_current,
)
