"""Applying operations to a record: dedup, pin, supersede, forget, evict, prune, refuse."""
from __future__ import annotations

from ovos_memory_plugin_entity.language.locale_data import load_language
from tests import helpers as f

POLICY = f.Policy(max_facts=50, max_retired=200, supersede_threshold=0.8,
                  stopwords=load_language("en-US").stopwords)


def apply(record, now=1.0, actor="extractor", listed=None, allowed=False, policy=POLICY, asked=False, **ops):
    ops.setdefault("add", ())
    ops["add"] = tuple(f.NewFact(a) if isinstance(a, str) else a for a in ops["add"])
    return f.apply_ops(record, f.Ops(**ops), now=now, actor=actor, policy=policy,
                       listed_ids=listed, forget_all_allowed=allowed, asked=asked)


def live(record):
    return [x.text for x in record.live_facts()]


def test_dedup_on_normalised_text_confirms():
    record = f.new_record("s")
    apply(record, add=["Likes jazz"])
    change = apply(record, now=5.0, add=["  likes   JAZZ. "])
    assert live(record) == ["Likes jazz"]
    assert record.facts[0].confirmations == 2 and record.facts[0].confirmed_at == 5.0
    assert change.events == []


def test_a_move_supersedes_and_keeps_history():
    record = f.new_record("s")
    apply(record, add=["Lives in Lisbon"])
    change = apply(record, now=2.0, update=(f.Replacement("f1", "Lives in Porto", 0.9),))
    assert live(record) == ["Lives in Porto"]
    old = record.fact("f1")
    assert (old.text, old.superseded_by, old.superseded_at) == ("Lives in Lisbon", "f2", 2.0)
    assert [e.action for e in change.events] == ["add", "supersede"]
    assert old.retired_reason == "superseded"


def test_low_confidence_update_keeps_both():
    record = f.new_record("s")
    apply(record, add=["Works as a nurse"])
    apply(record, update=(f.Replacement("f1", "Works as a doctor", 0.5),))
    assert live(record) == ["Works as a nurse", "Works as a doctor"]


def test_invented_unlisted_and_retired_ids_change_nothing():
    record = f.new_record("s")
    apply(record, add=["Likes tea", "Likes coffee"])
    apply(record, update=(f.Replacement("x1", "Works as a nurse"),), forget=("x2",))
    apply(record, listed=["f2"], forget=("f1",))
    assert live(record) == ["Likes tea", "Likes coffee"]
    apply(record, update=(f.Replacement("f1", "Likes green tea"),))
    apply(record, update=(f.Replacement("f1", "Likes black tea"),))  # f1 is retired now
    assert live(record) == ["Likes coffee", "Likes green tea"]


def test_several_replacements_of_one_fact():
    record = f.new_record("s")
    apply(record, add=["Has pets"])
    apply(record, update=(f.Replacement("f1", "Has a dog"), f.Replacement("f1", "Has a cat")))
    assert (record.fact("f1").retired_reason, record.fact("f1").superseded_by) == ("superseded", None)
    assert live(record) == ["Has a dog", "Has a cat"]


def test_forgetting_removes_text_and_blocks_rewording():
    record = f.new_record("s")
    apply(record, add=["Likes jazz music", "Has a cat"])
    change = apply(record, forget=("f1",))
    row = record.fact("f1")
    assert row.text == "" and row.retired_reason == "forgotten" and row.superseded_by is None
    assert change.forgotten_texts == ["Likes jazz music"]
    assert "jazz" not in str(record.to_dict())
    apply(record, add=["jazz music likes", "Likes JAZZ music!"])
    assert live(record) == ["Has a cat"]


def test_owner_add_lifts_the_tombstone():
    record = f.new_record("s")
    apply(record, add=["Likes jazz"])
    apply(record, forget=("f1",))
    f.owner_add(record, "Likes jazz", now=3.0, actor="api", policy=POLICY)
    assert live(record) == ["Likes jazz"] and record.tombstones == []


def test_forget_all_needs_the_gate():
    record = f.new_record("s")
    apply(record, add=["Likes tea", "Has a cat", "Lives in Porto"])
    change = apply(record, forget_all=True)
    assert len(live(record)) == 3 and change.warnings
    change = apply(record, forget_all=True, allowed=True)  # asked for, but not confirmed: the guard holds
    assert len(live(record)) == 3 and change.refused
    apply(record, forget_all=True, allowed=True, asked=True)  # the user's yes to the question
    assert live(record) == [] and len(record.tombstones) == 3


def test_mass_retire_is_refused_whole():
    record = f.new_record("s")
    apply(record, add=["A a1", "B b1", "C c1", "D d1", "E e1"])
    change = apply(record, forget=("f1", "f2", "f3"), add=["New thing"])
    assert change.refused and len(live(record)) == 5 and "New thing" not in live(record)


def test_eviction_spares_pins_and_takes_least_recently_confirmed():
    policy = f.Policy(max_facts=3, stopwords=POLICY.stopwords)
    record = f.new_record("s")
    apply(record, now=1.0, add=[f.NewFact("Name is Ana", pin=True)], policy=policy)
    for n in range(2, 60):
        apply(record, now=float(n), add=[f"Fact number {n}"], policy=policy)
    apply(record, now=100.0, add=["Fact number 58"], policy=policy)  # a confirmation
    apply(record, now=101.0, add=["Fact number 60"], policy=policy)
    assert live(record) == ["Name is Ana", "Fact number 58", "Fact number 60"]
    assert record.fact("f59").retired_reason == "evicted"


def test_extractor_pins_at_most_three_but_the_owner_any():
    record = f.new_record("s")
    apply(record, add=[f.NewFact(f"Pin {n} x", pin=True) for n in range(5)])
    assert sum(x.pinned for x in record.live_facts()) == 3
    f.owner_add(record, "Owner pin", now=2.0, actor="cli", policy=POLICY, pin=True)
    assert sum(x.pinned for x in record.live_facts()) == 4


def test_pinned_name_correction_keeps_the_pin():
    record = f.new_record("s")
    apply(record, add=[f.NewFact("Name is Anna", pin=True)])
    apply(record, update=(f.Replacement("f1", "Name is Ana"),))
    assert [(x.text, x.pinned) for x in record.live_facts()] == [("Name is Ana", True)]


def test_retired_rows_are_pruned_oldest_first_and_recorded():
    policy = f.Policy(max_facts=1, max_retired=2, stopwords=POLICY.stopwords)
    record = f.new_record("s")
    events = []
    for n in range(5):
        events += apply(record, now=float(n), add=[f"Fact {n} x"], policy=policy).events
    assert [x.id for x in record.facts] == ["f3", "f4", "f5"]
    assert [e.subject for e in events if e.action == "prune"] == ["f1", "f2"]
    assert max(int(x.id[1:]) for x in record.facts) < record.next_id  # ids never reused


def test_record_round_trips():
    record = f.new_record("s")
    apply(record, add=["Likes tea"])
    apply(record, forget=("f1",))
    again = f.SessionRecord.from_dict(record.to_dict())
    assert again.to_dict() == record.to_dict()


def test_the_same_words_in_another_order_are_a_change_not_a_repeat():
    """ "Prefers coffee over tea" after "Prefers tea over coffee" changes the fact: the
    old one is superseded by the new, with its history; the same order is a repeat."""
    record = f.new_record("s")
    apply(record, now=1.0, add=["Prefers tea over coffee"])
    apply(record, now=2.0, add=["Prefers tea over coffee."])
    assert [(x.text, x.confirmations) for x in record.live_facts()] == [("Prefers tea over coffee", 2)]
    change = apply(record, now=3.0, add=["Prefers coffee over tea"])
    assert [x.text for x in record.live_facts()] == ["Prefers coffee over tea"]
    old = record.fact("f1")
    assert (old.retired_reason, old.superseded_by) == ("superseded", "f2")
    assert [e.action for e in change.events] == ["add", "supersede"]


def test_a_row_retired_for_a_reason_this_version_does_not_know_stays_retired():
    """Fail closed: a reason an older build wrote ("curated"), or a replacement named with no reason, never
    brings a retired row back to life; an empty row was forgotten."""
    record = f.SessionRecord.from_dict({"schema": 3, "facts": [
        {"id": "a", "text": "Lives in Denver", "retired_reason": "curated"},
        {"id": "b", "text": "Lives in Boulder", "superseded_by": "c"},
        {"id": "c", "text": "Lives in Golden"},
        {"id": "d", "text": "", "superseded_by": "forgotten"}],
        "entities": [{"id": "e1", "name": "Ann", "relation": "sister", "retired_reason": "pruned"}]})
    assert [x.id for x in record.facts if x.live] == ["c"]
    assert next(x for x in record.facts if x.id == "d").retired_reason == "forgotten"
    assert not [e for e in record.entities if e.retired_reason is None]
