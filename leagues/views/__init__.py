"""League pages: organisers' (``staff``), everyone's (``public``), players'
careers and merges (``players``)."""
