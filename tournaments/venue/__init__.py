"""The venue: one laptop serving the hall."""
