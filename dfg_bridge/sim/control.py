"""``ControlClient``: a small typed client for the sim's HTTP control API (操作 API クライアント).

One method per route; every method returns the decoded JSON and raises :class:`ControlError` (with the
HTTP status and the server's ``code``) on a 4xx/5xx answer.

>>> import tempfile
>>> from dfg_bridge.sim import SimOptions, SimServer
>>> with tempfile.TemporaryDirectory() as d, SimServer(SimOptions(directory=d, service_ms=0)) as sim:
...     c = ControlClient(sim.control_port)
...     _ = c.join("Steve")
...     c.player("Steve")["online"]
True
"""

from __future__ import annotations

import http.client
import json
import urllib.parse
from collections.abc import Sequence
from typing import Any

from dfg_bridge.sim.errors import SimError

__all__ = ["ControlClient", "ControlError"]


class ControlError(SimError):
    """The control API refused a request; ``status`` is the HTTP status, ``code`` the server's code."""

    def __init__(self, status: int, message: str, code: str) -> None:
        super().__init__(message, code=code)
        self.status = status


class ControlClient:
    """Talks to ``http://127.0.0.1:<port>``; one connection per request (thread-safe)."""

    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = 10.0) -> None:
        self.host = host
        self.port = port
        self.timeout = timeout

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """Send one request and decode the JSON answer."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            data = json.dumps(body).encode("utf-8") if body is not None else None
            headers = {"Content-Type": "application/json"} if data is not None else {}
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        payload = json.loads(raw.decode("utf-8")) if raw else None
        if response.status >= 400:
            info = payload if isinstance(payload, dict) else {}
            raise ControlError(
                response.status, str(info.get("error", raw)), str(info.get("code", "http_error"))
            )
        return payload

    @staticmethod
    def _p(name: str) -> str:
        return "/players/" + urllib.parse.quote(name, safe="")

    # -- players -----------------------------------------------------------------------------------------

    def join(self, name: str, *, op: bool = False, uuid: str | None = None) -> dict[str, Any]:
        """``POST /players`` (``uuid``: the account's; an account seen under another name is renamed)."""
        body: dict[str, Any] = {"name": name, "op": op}
        if uuid is not None:
            body["uuid"] = uuid
        result: dict[str, Any] = self.request("POST", "/players", body)
        return result

    def disconnect(self, name: str) -> dict[str, Any]:
        """``DELETE /players/{name}``."""
        result: dict[str, Any] = self.request("DELETE", self._p(name))
        return result

    def chat(self, name: str, text: str, *, secure: bool = True) -> dict[str, Any]:
        """``POST /players/{name}/chat``."""
        result: dict[str, Any] = self.request(
            "POST", self._p(name) + "/chat", {"text": text, "secure": secure}
        )
        return result

    def command(self, name: str, text: str) -> dict[str, Any]:
        """``POST /players/{name}/command``: feedback lines in ``["feedback"]``."""
        result: dict[str, Any] = self.request("POST", self._p(name) + "/command", {"text": text})
        return result

    def open(
        self,
        name: str,
        pos: Sequence[int] | None = None,
        *,
        enderchest: bool = False,
        slot: int | None = None,
        force: bool = False,
    ) -> dict[str, Any]:
        """``POST /players/{name}/open``: a container at ``pos`` (holding ``slot``) or the ender chest."""
        body: dict[str, Any] = (
            {"enderchest": True} if enderchest else {"pos": list(pos or ()), "force": force}
        )
        if slot is not None:
            body["slot"] = slot
        result: dict[str, Any] = self.request("POST", self._p(name) + "/open", body)
        return result

    def click(
        self,
        name: str,
        slot: int = -999,
        mode: str = "pickup",
        button: int = 0,
        *,
        slots: Sequence[int] | None = None,
    ) -> dict[str, Any]:
        """``POST /players/{name}/click``; ``mode="drag"`` takes ``slots``."""
        body: dict[str, Any] = {"slot": slot, "mode": mode, "button": button}
        if slots is not None:
            body["slots"] = list(slots)
        result: dict[str, Any] = self.request("POST", self._p(name) + "/click", body)
        return result

    def close(self, name: str) -> dict[str, Any]:
        """``POST /players/{name}/close``."""
        result: dict[str, Any] = self.request("POST", self._p(name) + "/close", {})
        return result

    def click_text(self, name: str, message: int, part: int, *, confirm: bool = True) -> dict[str, Any]:
        """``POST /players/{name}/click_text``."""
        body = {"message": message, "part": part, "confirm": confirm}
        result: dict[str, Any] = self.request("POST", self._p(name) + "/click_text", body)
        return result

    def click_dialog(self, name: str, button: int, *, confirm: bool = True) -> dict[str, Any]:
        """``POST /players/{name}/click_text`` with ``{"dialog": true}``: press an open dialog's button."""
        body = {"dialog": True, "part": button, "confirm": confirm}
        result: dict[str, Any] = self.request("POST", self._p(name) + "/click_text", body)
        return result

    def use_item(self, name: str, *, slot: int | None = None) -> dict[str, Any]:
        """``POST /players/{name}/use``: right-click in the air (a written book opens: ``["used"]``)."""
        body: dict[str, Any] = {} if slot is None else {"slot": slot}
        result: dict[str, Any] = self.request("POST", self._p(name) + "/use", body)
        return result

    def click_book(self, name: str, page: int, part: int, *, confirm: bool = True) -> dict[str, Any]:
        """``POST /players/{name}/click_text`` with ``{"book": true}``: click a part of the open book."""
        body = {"book": True, "page": page, "part": part, "confirm": confirm}
        result: dict[str, Any] = self.request("POST", self._p(name) + "/click_text", body)
        return result

    def use_sign(self, name: str, pos: Sequence[int], *, force: bool = False) -> dict[str, Any]:
        """``POST /players/{name}/use_sign``."""
        result: dict[str, Any] = self.request(
            "POST", self._p(name) + "/use_sign", {"pos": list(pos), "force": force}
        )
        return result

    def player(self, name: str) -> dict[str, Any]:
        """``GET /players/{name}``."""
        result: dict[str, Any] = self.request("GET", self._p(name))
        return result

    # -- world and server --------------------------------------------------------------------------------

    def world(self) -> dict[str, Any]:
        """``GET /world``."""
        result: dict[str, Any] = self.request("GET", "/world")
        return result

    def commands(self, since: int = 0) -> dict[str, Any]:
        """``GET /commands`` (records with ``seq > since``)."""
        result: dict[str, Any] = self.request("GET", f"/commands?since={since}")
        return result

    def stats(self) -> dict[str, Any]:
        """``GET /stats``."""
        result: dict[str, Any] = self.request("GET", "/stats")
        return result

    def restart(self, *, downtime_s: float = 0.0, rejoin: bool = False) -> dict[str, Any]:
        """``POST /server/restart``."""
        result: dict[str, Any] = self.request(
            "POST", "/server/restart", {"downtime_s": downtime_s, "rejoin": rejoin}
        )
        return result

    def stage_mixup(self, match: str, shape: str, *, command: str = "list", times: int = 1) -> dict[str, Any]:
        """``POST /rcon/mixups``: the next ``times`` RCON commands matching ``match`` collide with another
        RCON client's ``command`` (``shape``: ``empty``, ``swap`` or ``append``)."""
        body = {"match": match, "shape": shape, "command": command, "times": times}
        result: dict[str, Any] = self.request("POST", "/rcon/mixups", body)
        return result

    def mixups(self) -> dict[str, Any]:
        """``GET /rcon/mixups``: mix-ups still staged and those that happened."""
        result: dict[str, Any] = self.request("GET", "/rcon/mixups")
        return result

    def stop(self) -> dict[str, Any]:
        """``POST /server/stop``."""
        result: dict[str, Any] = self.request("POST", "/server/stop", {})
        return result

    # -- staged races and chaos --------------------------------------------------------------------------

    def act(self, name: str, action: dict[str, Any]) -> dict[str, Any]:
        """``POST /players/{name}/act``: one hostile action now (see ``dfg_bridge.sim.actions.hostile``)."""
        result: dict[str, Any] = self.request("POST", self._p(name) + "/act", action)
        return result

    def race(self, match: str, player: str, action: dict[str, Any], *, count: int = 1) -> dict[str, Any]:
        """``POST /races``: ``action`` runs before each of the next ``count`` RCON commands matching.

        ``match`` is a regex searched in the command text (``re.search``).
        """
        body = {"match": match, "player": player, "action": action, "count": count}
        result: dict[str, Any] = self.request("POST", "/races", body)
        return result

    def races(self, since: int = 0) -> dict[str, Any]:
        """``GET /races``: armed races and the log of what fired (entries with ``seq > since``)."""
        result: dict[str, Any] = self.request("GET", f"/races?since={since}")
        return result

    def clear_races(self, race_id: int | None = None) -> dict[str, Any]:
        """``DELETE /races`` (every race and the log) or ``DELETE /races/{id}``."""
        path = "/races" if race_id is None else f"/races/{race_id}"
        result: dict[str, Any] = self.request("DELETE", path)
        return result

    def chaos(
        self,
        seed: int,
        players: Sequence[str],
        *,
        probability: float = 0.1,
        actions: Sequence[str] | None = None,
        match: str | None = None,
        limit: int | None = None,
    ) -> dict[str, Any]:
        """``POST /chaos``: random actions of ``players`` before RCON commands (seeded)."""
        body: dict[str, Any] = {"seed": seed, "players": list(players), "probability": probability}
        if actions is not None:
            body["actions"] = list(actions)
        if match is not None:
            body["match"] = match
        if limit is not None:
            body["limit"] = limit
        result: dict[str, Any] = self.request("POST", "/chaos", body)
        return result

    def chaos_state(self) -> dict[str, Any]:
        """``GET /chaos``: the setting (``None`` when stopped) and the actions performed."""
        result: dict[str, Any] = self.request("GET", "/chaos")
        return result

    def stop_chaos(self) -> dict[str, Any]:
        """``DELETE /chaos``."""
        result: dict[str, Any] = self.request("DELETE", "/chaos")
        return result
