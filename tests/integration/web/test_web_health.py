"""/healthz and /readyz for a reverse proxy, and a clear 503 (not "no such table") before migrations."""

from __future__ import annotations

from scorekeeper import storage
from scorekeeper.storage.migrate import script_heads

NEW_GAME = {"player": ["Ann", "Bo"], "edition": "hasbro-1996", "action": "start"}


def test_healthz_answers_while_the_process_lives(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "alive"}
    assert response.headers["Cache-Control"] == "no-store"


def test_readyz_is_ready_on_a_migrated_database(client):
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ready", "database": "ok", "migrations": "current"}


def test_readyz_changes_nothing(client, make_game, loaded):
    game = make_game(turns=[("12346", "chance")])
    for _ in range(3):
        assert client.get("/readyz").status_code == 200
    assert loaded(game.edit_token).version == 1
    assert client.post(f"/g/{game.edit_token}/undo", data={"version": "1"}).status_code == 303


def test_readyz_is_not_ready_on_an_unmigrated_database(make_app, tmp_path):
    client = make_app(tmp_path / "empty.db").test_client()
    response = client.get("/readyz")
    assert response.status_code == 503
    body = response.get_json()
    assert body["status"] == "not ready"
    assert body["migrations"] == "missing " + ", ".join(sorted(script_heads()))
    assert "Retry-After" in response.headers
    assert client.get("/healthz").status_code == 200  # alive all the same


def test_a_database_with_one_branch_only_is_not_current(make_app, tmp_path):
    """Migrations grow in branches from 0001: every head must be applied, not just one."""
    app = make_app(tmp_path / "partial.db")
    heads = sorted(script_heads())
    assert len(heads) > 1, "this test needs the migrations to have several heads"
    storage.upgrade(app, heads[0])
    client = app.test_client()
    assert client.get("/readyz").get_json()["migrations"] == "missing " + ", ".join(heads[1:])
    assert client.post("/new", data=NEW_GAME).status_code == 503


def test_an_unmigrated_database_answers_503_saying_what_to_run_then_serves_once_migrated(
    make_app, tmp_path, caplog
):
    app = make_app(tmp_path / "fresh.db", PROPAGATE_EXCEPTIONS=False)
    client = app.test_client()
    for response in (client.post("/new", data=NEW_GAME), client.get("/")):
        assert response.status_code == 503
        text = response.get_data(as_text=True)
        assert "flask --app scorekeeper db upgrade" in text and "no such table" not in text
    assert any("lacks migrations" in record.getMessage() for record in caplog.records)
    storage.upgrade(app)
    assert client.post("/new", data=NEW_GAME).status_code == 303


def test_flask_db_check_fails_before_the_upgrade_and_passes_after(make_app, tmp_path):
    app = make_app(tmp_path / "cli.db")
    runner = app.test_cli_runner()
    before = runner.invoke(args=["db", "check"])
    assert before.exit_code != 0 and "flask --app scorekeeper db upgrade" in before.output
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    after = runner.invoke(args=["db", "check"])
    assert after.exit_code == 0 and "up to date" in after.output
