"""The views of heats, by audience: ``gm`` (the dashboard, a round's check-in and
seating), ``gm_records`` (audit log, keep-apart pairs, staff) and ``public`` (a
round's seating, the clock and the timer); ``common`` holds what they share.
"""
