"""Running the app at a convention: serve (gunicorn), lan (addresses), backup."""
