"""Running the app at a convention: serve (gunicorn), lan (addresses), backup and
restore, and the database's record of the secret key (``key_check``).

Also a Django app (label ``ops``): its ``migrate`` command takes the database's
migration lock, and its one model keeps the fingerprint of the secret key the
database was first served with. The modules ``serve``, ``lan``, ``backup``,
``backup_loop``, ``restore`` and ``run`` import no Django model at import time
(settings.py and the command line use them before Django is set up).
"""
