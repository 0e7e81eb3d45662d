"""Property tests: invariants that hold in every game, whatever the bots answer."""

from hypothesis import given
from hypothesis import strategies as st

from flit_core import EMPTY, NEUTRAL, Answer, Change, Game, GameConfig, Move, Replay, SpawnRule, TurnKind
from flit_core.games import get_game
from helpers import flit_state

FLIT = get_game("flit")

configs = st.builds(
    GameConfig,
    players=st.integers(2, 4),
    size=st.integers(6, 10),
    turn_limit=st.integers(1, 120),
    spawn=st.sampled_from(list(SpawnRule)),
    spawn_odds=st.sampled_from([None, 1, 2]),  # frequent neutral pieces exercise conversions
    freeze_after=st.integers(1, 5),
)
# Each turn's answer: mostly legal moves, sometimes anything else a bot can do.
choices = st.lists(st.integers(0, 99), min_size=1, max_size=120)


def answer_for(game: Game, choice: int) -> Answer:
    position = game.position()
    player = game.to_move
    moves = position.legal_moves(player)
    kind = choice % 10
    if kind <= 5 and moves:
        return Answer.of_move(moves[choice % len(moves)], 1.0)
    if kind == 6:
        return Answer.of_move(None, 0.5)
    if kind == 7:
        size = position.size
        return Answer.of_move(Move(choice % size, choice // 7 % size, choice // 3 % size, choice % 5), 2.0)
    if kind == 8:
        return Answer.timeout(150.0)
    return Answer.unreadable("garbage") if choice % 2 else Answer.error("boom")


def play(config: GameConfig, seed: int, script: list[int]) -> Game:
    game = Game(FLIT, config, seed)
    for choice in script:
        if game.over:
            break
        request = game.request()
        game.submit(answer_for(game, choice) if request else None)
    return game


def touching(position, x, y, colours):
    return any(position[n] in colours for n in position.neighbours(x, y))


@given(configs, st.integers(0, 2**32), choices)
def test_invariants_hold_after_every_turn(config, seed, script):
    game = Game(FLIT, config, seed)
    cells = list(game.position().cells)
    for choice in script:
        if game.over:
            break
        request = game.request()
        turn = game.submit(answer_for(game, choice) if request else None)
        position = game.position()
        # The changes are exactly the difference between consecutive boards.
        for x, y, colour in turn.changes:
            cells[y * config.size + x] = colour
        assert tuple(cells) == position.cells
        assert (turn.kind is TurnKind.MOVE) == (len(turn.changes) >= 2 and Change(*turn.changes[0]).colour == EMPTY)
        # Piece counts add up, and the game's own counters agree with the board.
        counts = [position.cells.count(c) for c in range(6)]
        assert sum(counts) == config.size**2
        assert game.counts() == {p: counts[p] for p in range(1, config.players + 1)}
        assert flit_state(game).neutrals == counts[NEUTRAL]
        assert all(counts[p] >= 2 for p in range(1, config.players + 1))  # pieces are never lost
        # No neutral piece touches a coloured piece or another neutral piece.
        for x, y in position.pieces(NEUTRAL):
            assert not touching(position, x, y, {1, 2, 3, 4, NEUTRAL})


@given(configs, st.integers(0, 2**32), choices)
def test_same_seed_and_answers_give_the_same_game(config, seed, script):
    first, second = play(config, seed, script), play(config, seed, script)
    assert list(first.history) == list(second.history)
    assert first.result == second.result and first.position() == second.position()


@given(configs, st.integers(0, 2**32), choices)
def test_replay_round_trip(config, seed, script):
    game = play(config, seed, script)
    replay = Replay.from_game(game, [f"bot{p}" for p in range(1, config.players + 1)])
    loaded = Replay.from_json(replay.to_json(), get_game)
    assert loaded.turns == replay.turns
    assert loaded.result == replay.result and loaded.setup == replay.setup
    assert loaded.stats == replay.stats
    assert list(loaded.positions())[-1] == game.position()


@given(st.integers(6, 9), st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 60))
def test_validator_and_legal_move_helpers_agree(size, players, seed, turns):
    game = Game(FLIT, GameConfig(players=players, size=size, spawn_odds=1), seed)
    for choice in range(turns):
        if game.over:
            break
        game.submit(answer_for(game, choice * 7919) if game.request() else None)
    position = game.position()
    squares = [(x, y) for y in range(size) for x in range(size)]
    for player in range(1, players + 1):
        legal = set(position.legal_moves(player))
        for origin in position.pieces(player):
            destinations = set(position.legal_destinations(player, origin))
            for destination in squares:
                move = Move.between(origin, destination)
                if move.is_pass:
                    continue
                assert position.is_legal(player, move) == (move in legal) == (destination in destinations)
        # Every bot keeps at least two pieces, so a square touching any of them is reachable.
        assert set(position.legal_destinations(player)) == {m.destination for m in legal}
