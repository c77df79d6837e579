"""Player-facing messages in Japanese and English (メッセージ).

``Messages.load(config.messages_dir)`` gives the catalogues; ``messages.get(key, lang, **values)``
returns a filled message and never raises (a missing placeholder stays visible as ``{name}``).
"""

from dfg_bridge.i18n.catalogue import DEFAULT_LANGUAGE, Messages, placeholders, render

__all__ = ["DEFAULT_LANGUAGE", "Messages", "placeholders", "render"]
