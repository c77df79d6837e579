"""A UECda protocol client (UECda 標準プロトコル): our CPU players on any UECda server.

An adapter: it imports the engine and its CPU players; nothing in the engine imports it.
``dfg-bridge uecda --host H --port P --name NAME --level strong`` runs it.
"""
