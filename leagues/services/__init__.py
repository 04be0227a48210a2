"""The only code that writes league data; each public function is one
transaction. Club nights are tournaments, written through the tournaments
services (``setup``, ``hand_seating``, ``seating_plans``)."""
