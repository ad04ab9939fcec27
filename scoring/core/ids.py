"""How the pure code names a player: by id, never by name.

``PlayerId`` is a player's identity, opaque and stable here: the database id
(``Player.pk``) in the app; a results file's own key ("#1204", a name key) while
a file is checked before anything is saved (``results_csv``); names in pure tests.
Names enter only as ``PlayerResult.name`` and ``AdvancementSettings.names``, for
the text of messages.

Pure: no Django import.
"""

from __future__ import annotations

PlayerId = int | str
