"""The HTTP JSON control API on 127.0.0.1 (操作 API): fake players and world inspection.

Routes (a contract with the tests and the demo — keep them):

=======  ==================================  ==================================================
POST     /players                            ``{"name", "op"?}`` joins a player
DELETE   /players/{name}                     disconnects them
POST     /players/{name}/chat                ``{"text", "secure"?}``
POST     /players/{name}/command             ``{"text"}`` runs a command with the player's permission
POST     /players/{name}/open                ``{"pos", "slot"?, "force"?}`` or ``{"enderchest": true}``
POST     /players/{name}/click               ``{"slot", "mode", "button"?, "slots"?}``
POST     /players/{name}/close               closes the screen
POST     /players/{name}/click_text          ``{"message", "part", "confirm"?}``; ``{"dialog": true, "part"}``
POST     /players/{name}/use                 ``{"slot"?}`` right-click in the air with the held item (a
                                             written book opens and counts ``minecraft.used``)
POST     /players/{name}/click_text          ``{"book": true, "page", "part"}`` clicks the open book
POST     /players/{name}/use_sign            ``{"pos": [x,y,z], "force"?}``
POST     /players/{name}/act                 ``{"kind", …}`` one hostile action now (``sim.actions.hostile``)
GET      /players/{name}                     what the player sees and holds
GET      /world                              containers, signs, entities, objectives, teams, bars
GET      /commands                           RCON commands received (``?since=<seq>``), invalid ones
GET      /stats                              counters
POST     /server/restart                     ``{"downtime_s"?, "rejoin"?}`` drops RCON, rotates the log
POST     /server/stop                        stops the server
POST     /races                              ``{"match", "player", "action", "count"?}`` arms a race:
                                             ``action`` runs before the next ``count`` RCON
                                             commands matching the regex ``match``
GET      /races                              armed races and what fired (``?since=<seq>``)
DELETE   /races                              disarms every race and clears the log
DELETE   /races/{id}                         disarms one race
POST     /chaos                              ``{"seed", "players", "probability"?, "actions"?,
                                             "match"?, "limit"?}`` random actions before commands
GET      /chaos                              the chaos setting (or null) and the actions performed
DELETE   /chaos                              stops chaos
POST     /rcon/mixups                        ``{"match", "shape", "command"?, "times"?}`` stages a mix-up
                                             with another RCON client (shape: empty, swap, append)
GET      /rcon/mixups                        staged mix-ups and those that happened
=======  ==================================  ==================================================

Bad input is answered with a 4xx JSON error; nothing a client sends can stop the server.
"""

from __future__ import annotations

import contextlib
import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Protocol

from dfg_bridge.sim import actions, views
from dfg_bridge.sim.commands.core import Executor
from dfg_bridge.sim.errors import SimError
from dfg_bridge.sim.races import Races
from dfg_bridge.sim.rcon import MixUps


class Served(Protocol):
    """What the control API serves: the parts of :class:`~dfg_bridge.sim.server.SimServer` it drives."""

    executor: Executor
    mixups: MixUps
    races: Races
    restarts: int

    @property
    def rcon_port(self) -> int: ...
    def stats(self) -> dict[str, Any]: ...
    def restart(self, *, downtime_s: float = 0.0, rejoin: bool = False) -> None: ...
    def stop(self) -> None: ...


__all__ = ["ControlServer"]

MAX_BODY = 1 << 20


class _BadRequest(SimError):
    code = "bad_request"

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def _int(body: dict[str, Any], key: str, default: int | None = None) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _BadRequest(f"{key!r} must be an integer")
    return value


def _pos(body: dict[str, Any]) -> tuple[int, int, int]:
    pos = body.get("pos")
    if (
        not isinstance(pos, list)
        or len(pos) != 3
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in pos)
    ):
        raise _BadRequest("'pos' must be [x, y, z] integers")
    return (pos[0], pos[1], pos[2])


def _since(query: dict[str, list[str]]) -> int:
    """``?since=<seq>`` (0 when absent)."""
    if "since" not in query:
        return 0
    try:
        return int(query["since"][0])
    except ValueError:
        raise _BadRequest("'since' must be an integer") from None


def _text(body: dict[str, Any], key: str = "text") -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise _BadRequest(f"{key!r} must be a string")
    return value


class ControlServer:
    """A threaded HTTP server bound to loopback, serving one :class:`SimServer`."""

    def __init__(self, sim: Served, host: str, port: int) -> None:
        self.sim = sim
        handler = type("_Handler", (_Handler,), {"sim": sim, "control": self})
        self._httpd = ThreadingHTTPServer((host, port), handler)
        self._httpd.daemon_threads = True
        self.port: int = self._httpd.server_address[1]
        self._thread: threading.Thread | None = None
        self.requests = 0
        self.errors = 0

    def start(self) -> None:
        """Serve in a background thread."""
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="sim-control", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop serving and close the socket."""
        if threading.current_thread() is self._thread:
            return
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)


class _Handler(BaseHTTPRequestHandler):
    sim: Served
    control: ControlServer
    protocol_version = "HTTP/1.1"
    server_version = "dfg-sim"

    def log_message(self, format: str, *args: Any) -> None:
        """Silence the stdlib access log (the server log is the Minecraft one)."""

    def do_GET(self) -> None:
        """Dispatch a GET."""
        self._handle("GET")

    def do_POST(self) -> None:
        """Dispatch a POST."""
        self._handle("POST")

    def do_DELETE(self) -> None:
        """Dispatch a DELETE."""
        self._handle("DELETE")

    def do_PUT(self) -> None:
        """Not a route."""
        self._handle("PUT")

    def _body(self) -> dict[str, Any]:
        length_text = self.headers.get("Content-Length", "0") or "0"
        try:
            length = int(length_text)
        except ValueError:
            raise _BadRequest("bad Content-Length") from None
        if length < 0 or length > MAX_BODY:
            raise _BadRequest("body too large or negative", 413)
        raw = self.rfile.read(length) if length else b""
        if not raw.strip():
            return {}
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise _BadRequest("body is not JSON") from None
        if not isinstance(body, dict):
            raise _BadRequest("body must be a JSON object")
        return body

    def _send(self, status: int, payload: Any) -> None:
        data = json.dumps(payload, ensure_ascii=False, default=str).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _handle(self, method: str) -> None:
        self.control.requests += 1
        try:
            url = urllib.parse.urlsplit(self.path)
            parts = [urllib.parse.unquote(p) for p in url.path.split("/") if p]
            query = urllib.parse.parse_qs(url.query)
            body = self._body() if method in ("POST", "DELETE", "PUT") else {}
            status, payload = self._route(method, parts, query, body)
        except _BadRequest as exc:
            status, payload = exc.status, {"error": exc.message, "code": exc.code}
        except actions.ActionError as exc:
            status, payload = exc.status, {"error": exc.message, "code": exc.code}
        except SimError as exc:
            status, payload = 400, {"error": exc.message, "code": exc.code}
        except Exception as exc:  # the control API must never take the server down
            self.control.errors += 1
            status, payload = 500, {"error": f"{type(exc).__name__}: {exc}", "code": "internal"}
        with contextlib.suppress(OSError):  # the client went away
            self._send(status, payload)

    def _route(
        self, method: str, parts: list[str], query: dict[str, list[str]], body: dict[str, Any]
    ) -> tuple[int, Any]:
        sim = self.sim
        ex = sim.executor
        if parts == ["players"] and method == "POST":
            name = _text(body, "name")
            op = bool(body.get("op", False))
            uuid = body.get("uuid")
            with ex.lock:
                player = actions.join(ex, name, op=op, uuid=str(uuid) if uuid else None)
                return 201, {"ok": True, "name": player.name, "uuid": player.uuid, "entity_id": player.id}
        if len(parts) == 2 and parts[0] == "players":
            name = parts[1]
            if method == "DELETE":
                with ex.lock:
                    actions.leave(ex, name)
                return 200, {"ok": True}
            if method == "GET":
                with ex.lock:
                    known = ex.world.player(name)
                    if known is None:
                        raise _BadRequest(f"unknown player {name!r}", 404)
                    return 200, views.player_view(ex, known)
        if len(parts) == 3 and parts[0] == "players" and method == "POST":
            return self._player_action(parts[1], parts[2], body)
        if method == "GET" and parts == ["world"]:
            with ex.lock:
                return 200, views.world_view(ex)
        if method == "GET" and parts == ["commands"]:
            since = _since(query)
            with ex.lock:
                received = [dict(r) for r in ex.records if r["seq"] > since]
                invalid = [dict(r) for r in ex.invalid if r["seq"] > since]
                return 200, {
                    "received": received,
                    "invalid": invalid,
                    "total": ex.rcon_total,
                    "invalid_count": ex.rcon_invalid,
                }
        if method == "GET" and parts == ["stats"]:
            return 200, sim.stats()
        if method == "POST" and parts == ["server", "restart"]:
            downtime = body.get("downtime_s", 0.0)
            if (
                isinstance(downtime, bool)
                or not isinstance(downtime, (int, float))
                or not 0 <= downtime <= 60
            ):
                raise _BadRequest("'downtime_s' must be a number in [0, 60]")
            sim.restart(downtime_s=float(downtime), rejoin=bool(body.get("rejoin", False)))
            return 200, {"ok": True, "restarts": sim.restarts, "rcon_port": sim.rcon_port}
        if parts and parts[0] in ("races", "chaos"):
            return self._races(method, parts, query, body)
        if parts == ["rcon", "mixups"]:
            return self._mixups(method, body)
        if method == "POST" and parts == ["server", "stop"]:
            threading.Thread(target=sim.stop, name="sim-stop", daemon=True).start()
            return 200, {"ok": True}
        raise _BadRequest(f"no route {method} /{'/'.join(parts)}", 404)

    def _races(
        self, method: str, parts: list[str], query: dict[str, list[str]], body: dict[str, Any]
    ) -> tuple[int, Any]:
        ex = self.sim.executor
        races = self.sim.races
        with ex.lock:
            if parts == ["races"] and method == "POST":
                race = races.add(
                    body.get("match"), body.get("player"), body.get("action"), body.get("count", 1)
                )
                return 201, {"ok": True, **race.view()}
            if parts == ["races"] and method == "GET":
                fired = races.fired(_since(query))
                return 200, {"races": [r.view() for r in races.races.values()], "fired": fired}
            if parts == ["races"] and method == "DELETE":
                return 200, {"ok": True, "removed": races.remove()}
            if len(parts) == 2 and parts[0] == "races" and method == "DELETE":
                try:
                    race_id = int(parts[1])
                except ValueError:
                    raise _BadRequest("race id must be an integer") from None
                return 200, {"ok": True, "removed": races.remove(race_id)}
            if parts == ["chaos"] and method == "POST":
                return 200, {"ok": True, **races.start_chaos(body).view()}
            if parts == ["chaos"] and method == "GET":
                chaos = races.chaos
                performed = [e for e in races.fired() if e["race"] is None]
                return 200, {"chaos": chaos.view() if chaos is not None else None, "performed": performed}
            if parts == ["chaos"] and method == "DELETE":
                stopped = races.stop_chaos()
                return 200, {"ok": True, "performed": stopped.performed if stopped is not None else 0}
        raise _BadRequest(f"no route {method} /{'/'.join(parts)}", 404)

    def _mixups(self, method: str, body: dict[str, Any]) -> tuple[int, Any]:
        mixups = self.sim.mixups
        if method == "GET":
            return 200, mixups.view()
        if method != "POST":
            raise _BadRequest(f"no route {method} /rcon/mixups", 404)
        times = _int(body, "times", 1)
        try:
            mixups.stage(_text(body, "match"), str(body.get("shape", "")),
                         command=str(body.get("command", "list")), times=times)  # fmt: skip
        except ValueError as exc:  # a bad regex, shape or count
            raise _BadRequest(f"bad mix-up: {exc}") from None
        return 200, {"ok": True}

    def _player_action(self, name: str, action: str, body: dict[str, Any]) -> tuple[int, Any]:
        ex = self.sim.executor
        with ex.lock:
            if action == "act":
                from dfg_bridge.sim.actions.hostile import perform

                return 200, {"ok": True, **perform(ex, name, body)}
            if action == "chat":
                return 200, {
                    "ok": True,
                    **actions.chat(ex, name, _text(body), secure=bool(body.get("secure", True))),
                }
            if action == "command":
                return 200, {"ok": True, **actions.player_command(ex, name, _text(body))}
            if action == "open":
                if body.get("enderchest") is True:
                    return 200, {"ok": True, **actions.open_container(ex, name, enderchest=True)}
                pos = _pos(body)
                if "slot" in body:
                    slot = _int(body, "slot")
                    if not 0 <= slot <= 8:
                        raise _BadRequest("'slot' (the selected hotbar slot) must be 0-8")
                    player = ex.world.online_player(name)
                    if player is not None:
                        player.selected = slot
                return 200, {
                    "ok": True,
                    **actions.open_container(ex, name, pos, force=bool(body.get("force", False))),
                }
            if action == "click":
                mode = _text(body, "mode")
                slot = _int(body, "slot", -999 if mode == "drag" else None)
                button = _int(body, "button", 0)
                slots = body.get("slots")
                if slots is not None and (
                    not isinstance(slots, list)
                    or not all(isinstance(s, int) and not isinstance(s, bool) for s in slots)
                ):
                    raise _BadRequest("'slots' must be a list of integers")
                applied = actions.click(ex, name, slot, mode, button=button, slots=slots)
                player = ex.world.online_player(name)
                assert player is not None
                view = views.player_view(ex, player)
                return 200, {
                    "ok": True,
                    "ignored": not applied,
                    "cursor": view["cursor"],
                    "open": view["open"],
                    "inventory": view["inventory"],
                }
            if action == "close":
                actions.close(ex, name)
                return 200, {"ok": True}
            if action == "use":
                held = _int(body, "slot") if "slot" in body else None
                return 200, {"ok": True, **actions.use_item(ex, name, slot=held)}
            if action == "click_text" and body.get("book") is True:
                confirm = bool(body.get("confirm", True))
                page, part = _int(body, "page"), _int(body, "part")
                clicked = actions.click_book(ex, name, page, part, confirm=confirm)
                return 200, {"ok": True, **clicked}
            if action == "click_text" and body.get("dialog") is True:
                # The open dialog's buttons are clicked through the same route: {"dialog": true, "part": j}.
                confirm = bool(body.get("confirm", True))
                pressed = actions.click_dialog(ex, name, _int(body, "part"), confirm=confirm)
                return 200, {"ok": True, **pressed}
            if action == "click_text":
                result = actions.click_text(
                    ex,
                    name,
                    _int(body, "message"),
                    _int(body, "part"),
                    confirm=bool(body.get("confirm", True)),
                )
                return 200, {"ok": True, **result}
            if action == "use_sign":
                return 200, {
                    "ok": True,
                    **actions.use_sign(ex, name, _pos(body), force=bool(body.get("force", False))),
                }
        raise _BadRequest(f"no route POST /players/{name}/{action}", 404)
