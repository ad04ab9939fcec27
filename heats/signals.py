"""What heats announces: the signals other apps connect to.

Heats never names the apps that listen (``tests/architecture``): an app that
must act when tables come or go, or when anything of an event changes,
connects a receiver to one of these in its ``AppConfig.ready()``. pretix's
``pretix.base.signals`` is the model.

Every signal is sent with the event as ``sender`` and keyword arguments:

``entry``
    the ``AuditEntry`` the change was written as (``heats.services.log``);
``round``
    the ``Round`` whose tables changed;
``tables``
    the ``Table`` rows the change saved, in table order.

All are sent by the service that made the change, synchronously, right after
its audit entry is written and inside its transaction: a receiver's writes
commit or roll back with the change (a receiver that raises undoes it), and a
receiver sees the new tables, and the tables deleted already gone. Tables are
saved in bulk, so no ``post_save`` of a ``Table`` is sent: these are the only
word of them. An event file imported whole (rows saved "raw", as ``loaddata``)
sends none but :data:`event_changed`; its importer does what the receivers of
the others would.
"""

from __future__ import annotations

from django.dispatch import Signal

tables_seated = Signal()
"""A round was seated, or seated again ("Seat", "Seat again"; a semi-final's
or final's seating too): its earlier tables, if any, are deleted and ``tables``
are the new ones. Arguments: ``entry``, ``round``, ``tables``.
Sent by ``heats.services.seat_round``."""

late_table_seated = Signal()
"""Waiting players were seated at new late tables of a heat, numbered after the
round's others; the round's other tables are unchanged. Arguments: ``entry``,
``round``, ``tables`` (the late tables only).
Sent by ``heats.services.form_late_table``."""

seating_undone = Signal()
"""A heat's seating was put back as it was before its last "Seat again"
(``heats.services.reseating``, "put back"): the tables of that seating are
deleted and ``tables`` are the put-back ones (same numbers and seats as the
tables "Seat again" replaced). Arguments: ``entry``, ``round``, ``tables``.
Sent by ``heats.services.undo_seating``."""

table_dissolved = Signal()
"""A table left with fewer than 4 players before play was removed, its players
moved to open seats of the round's other tables. Arguments: ``entry``,
``round``, ``number`` (the removed table's number).
Sent by ``heats.services.move_short_table``."""

results_imported = Signal()
"""Results were imported into the event from a results file, which may have
made tables (and rounds) new to the event. Arguments: ``entry``.
Sent by the app that imports results (heats itself imports none)."""

event_changed = Signal()
"""Anything of the event changed: an entry was written to its audit log (every
change to an event is). Arguments: ``entry`` (None for an event file imported
whole). Several entries written at once (``heats.services.audit.log_many``)
send it once, for the last. Sent by ``heats.services.log``."""
