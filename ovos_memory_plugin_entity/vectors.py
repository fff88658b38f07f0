"""Dense recall's pure parts: a fact vector's compact form, the per-session matrix of
them, and the fusion of lexical and dense scores. Needs numpy (the ``embeddings``
extra); imported only when ``embeddings_url`` is set.

A vector is stored L2-normalised, as int8 with one float32 scale, behind a CRC-32 of
the text it was made from, all in base64: 384 dimensions take 524 characters, a
quarter of float32 JSON, and a dot product of two decoded vectors is their cosine
within about 1 %. The checksum tells a stale vector (its fact or its entity's label
was edited in place) from a good one without keeping the text twice.

Fusion: BM25 divided by the turn's best BM25, and cosine stretched from the turn's
lowest to its highest, are both in [0, 1]; a fact's score is their weighted sum, and
a fact without a vector keeps its lexical score alone.
"""
from __future__ import annotations

import base64
import binascii
import struct
import zlib
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ovos_memory_plugin_entity.record import Entity, Fact, Vectors

# The dense share of a fused score (the lexical share is the rest): words and meaning
# weigh alike. On the benchmark set (benchmarks/recall_hybrid.py) any share from 0.2
# to 1.0 recalls within one question of this.
DENSE_WEIGHT = 0.5
_HEADER = struct.Struct("<If")  # CRC-32 of the embedded text, then the int8 scale


def fact_texts(facts: Sequence[Fact], entities: Mapping[str, Entity]) -> Dict[str, str]:
    """Each fact as it is embedded: with who it is about, as the lexical index reads it."""
    return {f.id: f"{entities[f.about].label}: {f.text}" if f.about is not None and f.about in entities
            else f.text for f in facts}


def checksum(text: str) -> int:
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


def encode(vector: Sequence[float], text: str) -> str:
    """``vector`` normalised, quantised to int8, behind the checksum of ``text``."""
    array = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(array))
    unit = array / norm if norm > 0 else array
    peak = float(np.max(np.abs(unit))) if unit.size else 0.0
    scale = peak / 127 if peak > 0 else 1.0
    quantised = np.clip(np.rint(unit / scale), -127, 127).astype(np.int8)
    return base64.b64encode(_HEADER.pack(checksum(text), scale) + quantised.tobytes()).decode("ascii")


def decode(encoded: str, dim: int) -> Optional[Tuple[int, np.ndarray]]:
    """(checksum, float32 vector) or None when ``encoded`` is not a vector of ``dim``."""
    try:
        raw = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        return None
    if len(raw) != _HEADER.size + dim:
        return None
    crc, scale = _HEADER.unpack_from(raw)
    if not np.isfinite(scale):
        return None
    return crc, np.frombuffer(raw, dtype=np.int8, offset=_HEADER.size).astype(np.float32) * scale


def unit(vector: Sequence[float]) -> Optional[np.ndarray]:
    """``vector`` as a float32 unit vector; None for an empty, zero or non-finite one."""
    array = np.asarray(vector, dtype=np.float32)
    if array.ndim != 1 or not array.size or not np.all(np.isfinite(array)):
        return None
    norm = float(np.linalg.norm(array))
    return array / norm if norm > 0 else None


@dataclass(frozen=True)
class Identity:
    """What makes two vectors comparable: the model that made them and the prefix it was given."""

    model: str
    prefix: str


@dataclass
class DenseIndex:
    """A session's usable fact vectors as one matrix, and the facts that need one."""

    ids: List[str]
    matrix: np.ndarray  # one unit row per id
    identity: Optional[Identity]
    dim: int
    stale: List[str]  # live facts without a usable vector: missing, another model, or edited

    @classmethod
    def build(cls, facts: Sequence[Fact], texts: Mapping[str, str], vectors: Optional[Vectors],
              wanted: Optional[Identity]) -> "DenseIndex":
        """``texts``: each fact's text as it is embedded. Vectors of another identity than
        ``wanted`` (when it is known) are unusable and their facts stale."""
        ids: List[str] = []
        rows: List[np.ndarray] = []
        stale: List[str] = []
        identity = Identity(vectors.model, vectors.prefix) if vectors else None
        usable = vectors is not None and (wanted is None or identity == wanted)
        for fact in facts:
            decoded = decode(vectors.of[fact.id], vectors.dim) if usable and vectors and fact.id in vectors.of \
                else None
            if decoded is None or decoded[0] != checksum(texts[fact.id]):
                stale.append(fact.id)
                continue
            ids.append(fact.id)
            rows.append(decoded[1])
        dim = vectors.dim if vectors else 0
        matrix = np.vstack(rows) if rows else np.zeros((0, dim), dtype=np.float32)
        return cls(ids, matrix, identity if usable else None, dim, stale)

    def similarities(self, query: np.ndarray) -> Dict[str, float]:
        """Cosine of ``query`` (a unit vector of this index's dimension) with each fact's vector."""
        if not self.ids or query.shape != (self.dim,):
            return {}
        return dict(zip(self.ids, (self.matrix @ query).tolist()))


def fuse(lexical: Mapping[str, float], dense: Mapping[str, float],
         dense_weight: float = DENSE_WEIGHT) -> Dict[str, float]:
    """Lexical and dense scores on one scale, weighted and summed (see the module's doc).

    Every fact with a vector is scored (a fact the words miss may be what the question
    means); one without keeps its lexical score, so it is still found by its words."""
    best = max(lexical.values(), default=0.0)
    lexical_share = 1.0 - dense_weight
    fused = {fid: lexical_share * score / best for fid, score in lexical.items()} if best > 0 else {}
    if dense:
        low, high = min(dense.values()), max(dense.values())
        spread = high - low
        for fid, cosine in dense.items():
            fused[fid] = fused.get(fid, 0.0) + dense_weight * ((cosine - low) / spread if spread > 0 else 1.0)
    for fid in lexical.keys() - dense.keys() if best > 0 else ():  # no vector: its words alone, same scale
        fused[fid] = lexical[fid] / best
    return fused
