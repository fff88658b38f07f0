"""Lexical ranking: among facts the utterance matches, the better match wins, however old;
the recency and frequency prior orders the rest and breaks exact ties only."""
from __future__ import annotations

from ovos_memory_plugin_entity.domain import ranking as context
from ovos_memory_plugin_entity.domain.record import Fact
from ovos_memory_plugin_entity.language.stemming import stemmer_for


def fact(fid: str, text: str, at: float, confirmations: int = 1) -> Fact:
    return Fact(id=fid, text=text, created_at=at, confirmed_at=at, confirmations=confirmations)


def ranked(facts):
    return context.RankedSession.build(facts, context.FactIndex(stem=stemmer_for("english")))


def test_an_older_better_match_beats_a_recent_weaker_one():
    # "play" matches all of f1..f7; f1 is shorter, so it matches best, by less than the
    # prior that favours f2..f7 (told recently and confirmed often).
    facts = [fact("f1", "Plays the cello", 1.0)]
    facts += [fact(f"f{n}", f"Played cards downtown {n}", 100.0 + n, confirmations=9) for n in range(2, 8)]
    facts += [fact(f"f{n}", f"Unrelated errand {n}", 50.0) for n in range(8, 20)]
    session = ranked(facts)
    scores = session.index.scores("what do I play?")
    assert scores["f1"] > scores["f7"] > 0 and scores["f1"] - scores["f7"] < session.prior["f7"] - session.prior["f1"]
    assert context.select(session, "what do I play?", 40)[0].id == "f1"


def test_the_prior_orders_only_what_the_utterance_says_nothing_about():
    facts = [fact("f1", "Has a dog named Rex", 1.0), fact("f2", "Likes jazz", 5.0),
             fact("f3", "Drinks green tea", 9.0, confirmations=4)]
    session = ranked(facts)
    assert [f.id for f in context.select(session, "is my dog fine?", 0)] == ["f1", "f3", "f2"]


def test_exact_ties_go_to_the_recent_and_frequent():
    facts = [fact("f1", "Played chess on Monday", 1.0), fact("f2", "Played chess on Friday", 9.0, 3)]
    session = ranked(facts)
    scores = session.index.scores("chess")
    assert scores["f1"] == scores["f2"]
    assert context.select(session, "chess", 0)[0].id == "f2"


def test_given_relevance_replaces_the_lexical_scores_and_pinned_still_lead():
    facts = [fact("f1", "Name is Ana", 1.0), fact("f2", "Has a guinea pig named Oscar", 2.0),
             fact("f3", "Works as a nurse", 3.0)]
    facts[0].pinned = True
    session = ranked(facts)
    chosen = context.select(session, "what pet do I have?", 0, relevance={"f2": 0.9, "f3": 0.1})
    assert [f.id for f in chosen] == ["f1", "f2", "f3"]
    chosen = context.select(session, "what pet do I have?", 0, relevance={"f2": 0.1, "f3": 0.9})
    assert [f.id for f in chosen] == ["f1", "f3", "f2"]
