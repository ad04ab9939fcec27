"""Results readers: load rows, call the pure code, return read models; nothing
here writes (the writers are ``scoring.services``, which may import these; these
never import a service).

- ``event_results``: player names, the event's die, held tables, the heat
  seats' rows and the semi-final list's inputs (``event_advancement``);
- ``rounds``: the semi-final and final rounds, players by id;
- ``corrections``: what a correction of saved results changes;
- ``final``: the final's field; ``laurels``: places 1-6;
  ``decisions``: the GM's decisions as the public reads them;
- ``published``: the published list read and what changed since;
- ``standings``: the public standings; ``room``: the kiosk's read model;
- ``spreadsheets``: the results export; ``printing``: the printables' data;
  ``report_links``: a round's report links.
"""
