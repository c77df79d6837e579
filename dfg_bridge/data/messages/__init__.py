"""Packaged message catalogues, ``ja.yml`` and ``en.yml`` (a package so that wheels include them)."""
