"""Event writers: load rows, call the pure code, save inside a transaction.

Views and management commands are thin wrappers over these functions
(docs/architecture.md). Every change is written to the event's audit log with
who and when. What only reads and computes read models is ``heats.queries``.
The package splits the writers by topic: ``audit`` (the log and the lock
order), ``events`` (events and rounds), ``event_admin`` (settings changed,
archiving, an empty heat deleted), ``players``, ``checkin``, ``seating``,
``reseating`` (the seating "Seat again" replaced, put back), ``late``,
``short_tables`` (a table left with 3 before play), ``keep_apart``,
``round_start`` (the GM's "Start clock") and ``staff``.

Import each name from its module (``from heats.services.seating import
seat_round``); this package re-exports nothing.
"""
