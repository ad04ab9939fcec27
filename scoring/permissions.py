"""Who may change an event's results: the actions on results, with the machinery
of ``heats.permissions`` (roles, ``Action``, ``require``), which this module also
re-exports so that scoring's pages and services ask one module.

Words (``heats.permissions``): an *action* is one kind of change, with the role it
needs; an *assistant* enters results, imports them, attaches scoresheets and marks
semi-final presence; every other action here is the GMs'.
"""

from __future__ import annotations

from heats.permissions import (
    ARCHIVE_EVENT,
    CHECK_IN,
    CREATE_HEAT,
    DELETE_EVENT,
    DELETE_HEAT,
    EDIT_SETTINGS,
    KEEP_APART,
    LATE_SEAT,
    LATE_TABLE,
    MANAGE_STAFF,
    SEAT,
    SEE_GM_PAGES,
    START_CLOCK,
    SWAP,
    Action,
    NotAllowed,
    Role,
    may,
    refusal,
    require,
    require_login,
    role_of,
)

# Event staff (GMs and assistant GMs).
ENTER_RESULTS = Action(Role.ASSISTANT, "enter results")
IMPORT_RESULTS = Action(Role.ASSISTANT, "import results")
ATTACH_SCORESHEET = Action(Role.ASSISTANT, "attach scoresheets")
MARK_SEMI_PRESENCE = Action(
    Role.ASSISTANT, "mark semi-final qualifiers present or absent"
)
# GMs only.
CORRECT_RESULTS = Action(Role.GM, "change saved results")
DECLARE_TIE = Action(Role.GM, "declare the winner of a tie")
ACKNOWLEDGE = Action(Role.GM, "acknowledge rules findings")
RUN_SEMI_FINAL = Action(Role.GM, "override or publish the semi-final list")
RUN_FINAL = Action(Role.GM, "mark finalists absent")
FILL_FINAL = Action(Role.GM, "decide how a short final is filled")
REPLACE_NO_SHOW = Action(Role.GM, "replace a semi-final no-show")
MOVE_SHORT_SEMI_TABLE = Action(Role.GM, "move the players of a short semi-final table")
CORRECT_PLAYERS = Action(Role.GM, "correct players' names and merge duplicates")

__all__ = [
    "ACKNOWLEDGE",
    "ARCHIVE_EVENT",
    "ATTACH_SCORESHEET",
    "CHECK_IN",
    "CORRECT_PLAYERS",
    "CORRECT_RESULTS",
    "CREATE_HEAT",
    "DECLARE_TIE",
    "DELETE_EVENT",
    "DELETE_HEAT",
    "EDIT_SETTINGS",
    "ENTER_RESULTS",
    "FILL_FINAL",
    "IMPORT_RESULTS",
    "KEEP_APART",
    "LATE_SEAT",
    "LATE_TABLE",
    "MANAGE_STAFF",
    "MARK_SEMI_PRESENCE",
    "MOVE_SHORT_SEMI_TABLE",
    "REPLACE_NO_SHOW",
    "RUN_FINAL",
    "RUN_SEMI_FINAL",
    "SEAT",
    "SEE_GM_PAGES",
    "START_CLOCK",
    "SWAP",
    "Action",
    "NotAllowed",
    "Role",
    "may",
    "refusal",
    "require",
    "require_login",
    "role_of",
]
