import pytest

from flit_core import PRESETS, ConfigError, GameConfig, SpawnRule, get_game


def test_presets_match_the_spec():
    standard, trial = PRESETS["standard"], PRESETS["trial"]
    assert (standard.players, standard.size, standard.turn_limit, standard.move_time_ms) == (4, 32, 32768, 50)
    assert (trial.players, trial.size, trial.turn_limit, trial.move_time_ms) == (2, 16, 1024, 100)
    assert standard.spawn is SpawnRule.SQUARE and standard.odds == 16
    assert standard.freeze_after == 5 and standard.first_move_time_ms == 1000


def test_list_variant_defaults_to_one_in_six():
    assert GameConfig(spawn=SpawnRule.LIST).odds == 6
    assert GameConfig(spawn="list", spawn_odds=3).odds == 3  # type: ignore[arg-type]  # a rule may be named


def test_strict_startup_rule():
    assert GameConfig(startup_ms=0).first_move_time_ms == 50


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 1}, "players must be between 2 and 4"),
        ({"players": 5}, "players must be between 2 and 4"),
        ({"players": 2.0}, "players must be a whole number"),
        ({"players": True}, "players must be a whole number"),
        ({"size": 3}, "size must be between"),
        ({"turn_limit": 0}, "turn_limit must be between"),
        ({"move_time_ms": 0}, "move_time_ms must be greater than 0"),
        ({"move_time_ms": float("nan")}, "move_time_ms must be finite"),
        ({"startup_ms": -1}, "startup_ms must be at least 0"),
        ({"spawn": "sometimes"}, "spawn must be one of square, list"),
        ({"spawn_odds": 0}, "spawn_odds must be between"),
        ({"colour": 3}, "unknown config field(s): 'colour'"),
    ],
)
def test_bad_configs_are_rejected_with_a_clear_message(changes, message):
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        GameConfig.from_dict({**PRESETS["trial"].to_dict(), **changes})


def test_round_trip_through_a_dict():
    config = GameConfig(players=3, size=20, spawn=SpawnRule.LIST, spawn_odds=4, startup_ms=0)
    assert GameConfig.from_dict(config.to_dict()) == config


def test_from_dict_rejects_non_objects_and_fills_defaults():
    with pytest.raises(ConfigError, match="JSON object"):
        GameConfig.from_dict([1, 2])  # type: ignore[arg-type]
    assert GameConfig.from_dict({}) == PRESETS["standard"]


def test_unknown_preset():
    with pytest.raises(ConfigError, match="unknown flit preset 'huge'; choose one of: standard, trial"):
        get_game("flit").preset("huge")
