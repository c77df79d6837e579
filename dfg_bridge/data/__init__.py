"""Packaged data: the example config (``dfg.example.yml``) and the message catalogues (``messages/``)."""
