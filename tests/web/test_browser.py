"""The web table in a real browser: Debian's chromium driven by Playwright, headless.

A whole Revolting Behaviour! game against a bot; By Will Alone with two browser contexts, each seeing
only its own side; a Civil Disorder umpire at the console. Screenshots go to RIOTACT_SCREENSHOTS
(docs/ when refreshing the documentation), else to the test's temporary folder.
"""

from __future__ import annotations

import time
from pathlib import Path

from web_support import LiveServer, browser_page

RB_SHORT = ('ruleset = "revolting-behaviour"\nid = "short"\ntitle = "A short game"\nseats = ["p1", "p2"]\n'
            '[setup]\ncause_cards = 3\n')


def _lobby_create(page: object, server: LiveServer, scenario: str | None = None, toml: Path | None = None,
                  seats: dict[str, str] | None = None, umpire: str | None = None) -> dict[str, str]:
    page.goto(server.url + "/")  # type: ignore[attr-defined]
    page.wait_for_selector("#scenario option", state="attached")  # type: ignore[attr-defined]
    if scenario:
        page.select_option("#scenario", scenario)  # type: ignore[attr-defined]
    if toml:
        page.set_input_files("#upload", str(toml))  # type: ignore[attr-defined]
        page.wait_for_selector("#seat-p1")  # type: ignore[attr-defined]
    for name, kind in (seats or {}).items():
        page.select_option(f"#seat-{name}", kind)  # type: ignore[attr-defined]
    if umpire:
        page.select_option("#umpire", umpire)  # type: ignore[attr-defined]
    page.click("#create")  # type: ignore[attr-defined]
    page.wait_for_selector("#links a")  # type: ignore[attr-defined]
    links = page.eval_on_selector_all(  # type: ignore[attr-defined]
        "#links a", "as => Object.fromEntries(as.map(a => [a.dataset.seat, a.href]))")
    return dict(links)


def _decide(page: object, choose: str) -> None:
    """Click an action (a CSS selector among the action buttons) and wait for the server's answer."""
    before = page.evaluate("document.body.dataset.version")  # type: ignore[attr-defined]
    page.click(choose)  # type: ignore[attr-defined]
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)  # type: ignore[attr-defined]


def test_a_whole_revolting_behaviour_game_against_a_bot(browser: object, server: LiveServer, shots: Path,
                                                       tmp_path: Path) -> None:
    scenario = tmp_path / "short.toml"
    scenario.write_text(RB_SHORT)
    page = browser_page(browser)
    links = _lobby_create(page, server, toml=scenario, seats={"p2": "heuristic"})
    assert set(links) == {"p1", "spectators"}
    page.goto(links["p1"])  # type: ignore[attr-defined]
    page.wait_for_selector("svg.board")  # type: ignore[attr-defined]
    for clicks in range(2000):
        if "Game over" in page.inner_text("#banner"):  # type: ignore[attr-defined]
            break
        buttons = page.query_selector_all("#actions button[data-action]")  # type: ignore[attr-defined]
        if not buttons:
            page.wait_for_timeout(20)  # type: ignore[attr-defined]
            continue
        ids = [b.get_attribute("data-action") for b in buttons]
        # Draw a few cards, then stop; attempt the last (most severe) action offered otherwise.
        pick = "draw" if "draw" in ids and clicks % 4 else "stop" if "stop" in ids else ids[-1]
        _decide(page, f'#actions button[data-action="{pick}"]')
    else:
        raise AssertionError("the game did not end in the browser")
    assert "won" in page.inner_text("#banner")  # type: ignore[attr-defined]
    assert page.query_selector_all("#log .ev")  # type: ignore[attr-defined]
    # Over: the seat's link replays the whole game, the truth included (and closes it for good).
    page.click("#full-replay-link")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#title').textContent.includes('the umpire (the truth)')")
    assert server.app.state.room.tables[next(iter(server.app.state.room.tables))].revealed
    assert not page.errors  # type: ignore[attr-defined]


def _dummies(page: object, side: str) -> list[str]:
    """The counters of one side (N..., A...) that this page labels as dummies."""
    labels = page.eval_on_selector_all("svg [data-piece]", "ps => ps.map(p => p.textContent)")  # type: ignore[attr-defined]
    return [t for t in labels if t.startswith(side) and "dummy" in t]


def test_by_will_alone_two_browsers_each_see_only_their_own_side(browser: object, server: LiveServer,
                                                                  shots: Path) -> None:
    host = browser_page(browser)
    links = _lobby_create(host, server, scenario="by-will-alone/ministry-sit-in",
                          seats={"nonviolent": "person", "authority": "person"})
    nonviolent, authority = browser_page(browser), browser_page(browser)  # two contexts: two people
    nonviolent.goto(links["nonviolent"])  # type: ignore[attr-defined]
    authority.goto(links["authority"])  # type: ignore[attr-defined]
    for page in (nonviolent, authority):
        page.wait_for_selector("svg.board [data-piece]")  # type: ignore[attr-defined]
    assert "seat nonviolent" in nonviolent.inner_text("#meta")  # type: ignore[attr-defined]
    assert "seat authority" in authority.inner_text("#meta")  # type: ignore[attr-defined]
    # Each side knows which of its own hidden counters are dummies; the other side must not.
    assert _dummies(nonviolent, "N") and _dummies(authority, "A")
    assert not _dummies(nonviolent, "A") and not _dummies(authority, "N")
    # The nonviolent side ends its orders; the authority's page follows live, still without secrets.
    _decide(nonviolent, "#actions button:text('End the orders')")
    nonviolent.screenshot(path=str(shots / "web-by-will-alone.png"), full_page=True)  # type: ignore[attr-defined]
    authority.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelectorAll('#log .ev').length > 1")
    assert _dummies(authority, "A") and not _dummies(authority, "N")
    # The replay shows the game as this side saw it, from the start.
    authority.click("#replay summary")  # type: ignore[attr-defined]
    authority.wait_for_selector("#replay-board svg.board")  # type: ignore[attr-defined]
    assert authority.inner_text("#replay-step").startswith("step 0 of")  # type: ignore[attr-defined]
    assert not nonviolent.errors and not authority.errors  # type: ignore[attr-defined]


def test_revolting_behaviour_table_on_a_phone(browser: object, server: LiveServer, shots: Path) -> None:
    host = browser_page(browser)
    links = _lobby_create(host, server, scenario="revolting-behaviour/four-players",
                          seats={"p2": "heuristic", "p3": "random", "p4": "heuristic"})
    phone = browser_page(browser, 390, 844)
    phone.goto(links["p1"])  # type: ignore[attr-defined]
    phone.wait_for_selector("#actions button[data-action]")  # type: ignore[attr-defined]
    width = phone.evaluate("document.documentElement.scrollWidth")  # type: ignore[attr-defined]
    assert width <= 400  # nothing wider than the phone's screen
    _decide(phone, '#actions button[data-action]:not([data-action="pass"])')
    phone.screenshot(path=str(shots / "web-revolting-behaviour-phone.png"), full_page=True)  # type: ignore[attr-defined]
    wide = browser_page(browser)
    wide.goto(links["p1"])  # type: ignore[attr-defined]
    wide.wait_for_selector("svg.board")  # type: ignore[attr-defined]
    wide.screenshot(path=str(shots / "web-revolting-behaviour.png"), full_page=True)  # type: ignore[attr-defined]
    assert not phone.errors  # type: ignore[attr-defined]


def test_civil_disorder_umpire_decides_at_the_console(browser: object, server: LiveServer, shots: Path) -> None:
    host = browser_page(browser)
    links = _lobby_create(host, server, scenario="civil-disorder/night-of-fires",
                          seats={"commander": "random", "fire": "random"}, umpire="person")
    assert set(links) == {"umpire", "spectators"}
    umpire = browser_page(browser)
    umpire.goto(links["umpire"])  # type: ignore[attr-defined]
    umpire.wait_for_selector("#view-tabs button")  # type: ignore[attr-defined]
    tabs = umpire.eval_on_selector_all("#view-tabs button", "bs => bs.map(b => b.textContent)")  # type: ignore[attr-defined]
    assert tabs == ["commander", "fire"]  # every seat's view beside the truth
    calm = '#actions button[data-action^="rl:"], #actions button:text("calm crowd")'
    umpire.wait_for_selector("#actions button:text('calm crowd')")  # type: ignore[attr-defined]
    before = len(umpire.query_selector_all("#log .ev"))  # type: ignore[attr-defined]
    _decide(umpire, "#actions button:text('calm crowd')")
    umpire.wait_for_function(  # type: ignore[attr-defined]
        "n => document.querySelectorAll('#log .ev').length > n", arg=before)
    assert "umpire: calm crowd" in umpire.inner_text("#log")  # type: ignore[attr-defined]
    umpire.screenshot(path=str(shots / "web-civil-disorder-umpire.png"), full_page=True)  # type: ignore[attr-defined]
    assert calm and not umpire.errors  # type: ignore[attr-defined]


def test_the_umpire_uses_a_power_from_the_consoles_form(browser: object, server: LiveServer) -> None:
    """The form is made from ``Game.umpire_powers()``: an override waits among the pending interventions,
    a message to everyone lands in the log."""
    host = browser_page(browser)
    links = _lobby_create(host, server, scenario="civil-disorder/night-of-fires",
                          seats={"commander": "person", "fire": "person"}, umpire="person")
    umpire = browser_page(browser)
    umpire.goto(links["umpire"])  # type: ignore[attr-defined]
    umpire.wait_for_selector("#power-name option[value='override']", state="attached")  # type: ignore[attr-defined]
    umpire.select_option("#power-name", "override")  # type: ignore[attr-defined]
    for name, value in {"rule": "CD-45", "who": "any", "faces": "1", "reason": "rain"}.items():
        umpire.fill(f"#power-args input[name='{name}']", value)  # type: ignore[attr-defined]
    umpire.click("#power-form button[type='submit']")  # type: ignore[attr-defined]
    umpire.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#power-pending').textContent.includes('rain')")
    umpire.select_option("#power-name", "message")  # type: ignore[attr-defined]
    umpire.fill("#power-args input[name='to']", "all")  # type: ignore[attr-defined]
    umpire.fill("#power-args input[name='text']", "Half time.")  # type: ignore[attr-defined]
    umpire.click("#power-form button[type='submit']")  # type: ignore[attr-defined]
    umpire.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#log').textContent.includes('The umpire to everyone: Half time.')")
    assert not umpire.errors  # type: ignore[attr-defined]


def test_a_spectator_watches_and_the_umpire_grants_a_seats_view(browser: object, server: LiveServer,
                                                                 shots: Path) -> None:
    host = browser_page(browser)
    links = _lobby_create(host, server, scenario="by-will-alone/ministry-sit-in",
                          seats={"authority": "random"}, umpire="person")
    assert set(links) == {"nonviolent", "umpire", "spectators"}
    spectator, umpire = browser_page(browser), browser_page(browser)
    spectator.goto(links["spectators"])  # type: ignore[attr-defined]
    spectator.wait_for_selector("svg.board")  # type: ignore[attr-defined]
    assert "spectator (what every seat sees)" in spectator.inner_text("#meta")  # type: ignore[attr-defined]
    assert not spectator.query_selector_all("#actions button")  # type: ignore[attr-defined]
    umpire.goto(links["umpire"])  # type: ignore[attr-defined]
    umpire.wait_for_selector("#spectate-level option[value='seat:nonviolent']", state="attached")  # type: ignore[attr-defined]
    assert "1 watching" in umpire.inner_text("#spectate-now")  # type: ignore[attr-defined]
    umpire.select_option("#spectate-level", "seat:nonviolent")  # type: ignore[attr-defined]
    umpire.click("#spectate-grant")  # type: ignore[attr-defined]
    spectator.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#meta').textContent.includes('as seat nonviolent sees')")
    assert not spectator.query_selector_all("#actions button")  # type: ignore[attr-defined]
    spectator.screenshot(path=str(shots / "web-spectator.png"), full_page=True)  # type: ignore[attr-defined]
    assert not spectator.errors and not umpire.errors  # type: ignore[attr-defined]


def test_the_replay_viewer_steps_a_finished_table_and_refuses_a_bad_upload(browser: object, server: LiveServer,
                                                                           shots: Path, tmp_path: Path) -> None:
    made = server.post("/api/tables", json={"scenario": "by-will-alone/ministry-sit-in", "seed": 4, "umpire": "person",
                                            "seats": {"nonviolent": "heuristic", "authority": "random"}}).json()
    game = server.app.state.room.tables[made["table"]].game
    for _ in range(600):
        if game.is_over():
            break
        time.sleep(0.05)
    page = browser_page(browser)
    page.goto(server.url + "/replay")  # type: ignore[attr-defined]
    page.wait_for_selector(f"#finished option[value='{made['table']}']", state="attached")  # type: ignore[attr-defined]
    page.select_option("#finished", made["table"])  # type: ignore[attr-defined]
    page.wait_for_selector(".banner.warn")  # type: ignore[attr-defined]  # not made in this browser: which link?
    assert "Paste your link" in page.inner_text("#banner")  # type: ignore[attr-defined]
    page.fill("#link", f"{server.url}/table#t={made['tokens']['umpire']}")  # type: ignore[attr-defined]
    page.press("#link", "Tab")  # type: ignore[attr-defined]  # leaving the field: its one change event
    page.wait_for_selector("svg.board")  # type: ignore[attr-defined]
    assert page.inner_text("#where").startswith("step 0 of")  # type: ignore[attr-defined]
    page.click("[data-go='next']")  # type: ignore[attr-defined]
    page.wait_for_function("() => document.body.dataset.step === '1'")  # type: ignore[attr-defined]
    page.click("[data-go='turn-next']")  # type: ignore[attr-defined]
    page.wait_for_function("() => Number(document.body.dataset.step) > 1")  # type: ignore[attr-defined]
    page.select_option("#as", "authority")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#title').textContent.includes('as seat authority')")
    # Answers arrive in any order on a busy server: a step asked before the end, answered after it, is not drawn.
    held: list[object] = []
    page.route("**/api/replay", lambda route: held.append(route) if route.request.post_data_json["step"] == 1  # type: ignore[attr-defined]
               else route.continue_())
    page.click("[data-go='next']")  # type: ignore[attr-defined]
    page.click("[data-go='last']")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#where').textContent.includes('game over')")
    assert len(held) == 1
    held[0].continue_()  # type: ignore[attr-defined]
    page.wait_for_selector("#board:not([aria-busy])")  # type: ignore[attr-defined]
    page.unroute("**/api/replay")  # type: ignore[attr-defined]
    assert "game over" in page.inner_text("#where")  # type: ignore[attr-defined]
    page.screenshot(path=str(shots / "web-replay.png"), full_page=True)  # type: ignore[attr-defined]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{\"kind\": \"game\"}\nnot json\n")
    page.set_input_files("#upload", str(bad))  # type: ignore[attr-defined]
    page.wait_for_selector(".banner.warn")  # type: ignore[attr-defined]
    assert "line 2: not JSON" in page.inner_text("#banner")  # type: ignore[attr-defined]
    assert all("status of 400" in e for e in page.errors)  # type: ignore[attr-defined]  # the refusal only


def test_a_take_back_is_agreed_in_the_other_players_browser(browser: object, server: LiveServer) -> None:
    """Two people at a Revolting Behaviour! table: p1 drew a card both saw, so p1's undo waits for p2."""
    made = server.post("/api/tables", json={"scenario": "revolting-behaviour/first-game", "seed": 4,
                                            "options": {"first_turn_order": "seats"}}).json()
    p1, p2 = browser_page(browser), browser_page(browser)
    p1.goto(f"{server.url}/table#t={made['tokens']['p1']}")  # type: ignore[attr-defined]
    p2.goto(f"{server.url}/table#t={made['tokens']['p2']}")  # type: ignore[attr-defined]
    p1.wait_for_selector("#actions button[data-action='D-mild']")  # type: ignore[attr-defined]
    _decide(p1, "#actions button[data-action='D-mild']")
    _decide(p1, "#actions button[data-action='draw']")
    p1.click("#undo")  # type: ignore[attr-defined]
    p1.wait_for_selector(".banner.info")  # type: ignore[attr-defined]
    assert "agreement of p2" in p1.inner_text("#banner")  # type: ignore[attr-defined]
    p2.wait_for_selector("#take-back-yes", state="visible")  # type: ignore[attr-defined]
    assert "p1 asks to take back" in p2.inner_text("#take-back-text")  # type: ignore[attr-defined]
    p2.click("#take-back-yes")  # type: ignore[attr-defined]
    p1.wait_for_selector("#actions button[data-action='draw']")  # type: ignore[attr-defined]  # the draw undone
    p2.wait_for_selector("#take-back", state="hidden")  # type: ignore[attr-defined]
    assert server.app.state.room.tables[made["table"]].game.decisions == [("p1", "D-mild")]
    assert not p1.errors and not p2.errors  # type: ignore[attr-defined]


CSP_WATCH = """window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(
  `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


def _watched(browser: object) -> object:
    """A page that records every Content-Security-Policy violation from its first script on."""
    page = browser_page(browser)
    page.add_init_script(CSP_WATCH)  # type: ignore[attr-defined]
    return page


def test_every_page_works_under_its_content_security_policy(browser: object, server: LiveServer) -> None:
    """The lobby, a seat's table, the umpire's console and the replay viewer, each used a little: the policy
    is sent with each page and nothing of theirs breaks it (no inline script or style)."""
    lobby = _watched(browser)
    links = _lobby_create(lobby, server, scenario="revolting-behaviour/first-game", seats={"p2": "heuristic"},
                          umpire="person")
    pages, policies = [lobby], []
    for who in ("p1", "umpire"):
        page = _watched(browser)
        policies.append(page.goto(links[who]).headers["content-security-policy"])  # type: ignore[attr-defined]
        page.wait_for_selector("svg.board")  # type: ignore[attr-defined]
        page.click("#replay summary")  # type: ignore[attr-defined]
        page.wait_for_selector("#replay-board svg.board")  # type: ignore[attr-defined]
        pages.append(page)
    for path, ready in (("/replay", "#finished"), ("/", "#scenario option")):
        page = _watched(browser)
        policies.append(page.goto(server.url + path).headers["content-security-policy"])  # type: ignore[attr-defined]
        page.wait_for_selector(ready, state="attached")  # type: ignore[attr-defined]
        pages.append(page)
    assert all("frame-ancestors 'none'" in policy and "'unsafe-inline'" not in policy for policy in policies)
    for page in pages:
        assert page.evaluate("window.cspViolations") == []  # type: ignore[attr-defined]
        assert not page.errors  # type: ignore[attr-defined]


def test_the_lobby_shows_which_seats_are_people_and_which_are_bots(browser: object, server: LiveServer,
                                                                    shots: Path) -> None:
    page = browser_page(browser)
    page.goto(server.url + "/")  # type: ignore[attr-defined]
    page.wait_for_selector("#scenario option", state="attached")  # type: ignore[attr-defined]
    page.select_option("#scenario", "revolting-behaviour/four-players")  # type: ignore[attr-defined]
    page.select_option("#seat-p3", "person")  # type: ignore[attr-defined]
    page.select_option("#seat-p4", "random")  # type: ignore[attr-defined]
    badges = page.eval_on_selector_all(  # type: ignore[attr-defined]
        "#seats .seat-row", "rows => rows.map(r => [r.querySelector('label').textContent, "
        "r.querySelector('.kind').dataset.kind, r.querySelector('.kind').textContent])")
    assert [(seat, kind) for seat, kind, _ in badges] == [
        ("p1", "person"), ("p2", "bot"), ("p3", "person"), ("p4", "bot")]
    assert all(("invitation link" in text) == (kind == "person") for _, kind, text in badges)
    summary = page.inner_text("#seat-summary")  # type: ignore[attr-defined]
    assert "People: p1, p3." in summary and "Bots: p2 (heuristic), p4 (random)." in summary
    assert "Umpire: riotact." in summary
    page.screenshot(path=str(shots / "web-lobby.png"), full_page=True)  # type: ignore[attr-defined]
    page.click("#create")  # type: ignore[attr-defined]
    page.wait_for_selector("#links a")  # type: ignore[attr-defined]
    linked = page.eval_on_selector_all("#links a", "as => as.map(a => a.dataset.seat)")  # type: ignore[attr-defined]
    assert linked == ["p1", "p3", "spectators"]
    bots = page.eval_on_selector_all("#links tr.bot-seat", "rows => rows.map(r => r.textContent)")  # type: ignore[attr-defined]
    assert len(bots) == 2 and all("riotact plays this seat: no link" in row for row in bots)
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#open').textContent.includes('p2: heuristic bot')")
    assert not page.errors  # type: ignore[attr-defined]
