"""The venue: Muraille on one laptop in a hall (``python manage.py venue``).

Its settings are in config/settings.py and config/venue.py; here are the
parts that run: the laptop's addresses, the tablets' links, the jobs thread,
the WSGI server and the backups.
"""
