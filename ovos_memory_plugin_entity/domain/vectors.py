"""Dense recall's pure parts: a fact vector's compact form, a session's matrix of them,
lexical and dense scores fused. Needs numpy; imported only with ``embeddings_url``.

A vector is stored unit-length as int8 with one float32 scale, behind a CRC-32 of the
text it was made from, in base64: 384 dimensions take 524 characters (a quarter of
float32 JSON), cosines within about 1 %; the checksum tells a stale vector without
keeping the text twice.
"""
from __future__ import annotations

import base64
import binascii
import struct
import zlib
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ovos_memory_plugin_entity.domain.record import Entity, Fact, Vectors

# The dense share of a fused score: any from 0.2 to 1.0 recalls within a question of this (recall_hybrid.py).
DENSE_WEIGHT = 0.5
_HEADER = struct.Struct("<If")  # CRC-32 of the embedded text, then the int8 scale


def fact_texts(facts: Sequence[Fact], entities: Mapping[str, Entity]) -> Dict[str, str]:
    """Each fact as embedded: with who it is about."""
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
class VectorKind:
    """What makes two vectors comparable: the model and the prefix it was given."""
    model: str
    prefix: str


@dataclass
class DenseIndex:
    """A session's usable fact vectors as one matrix, and the facts that need one."""
    ids: List[str]
    matrix: np.ndarray  # one unit row per id
    identity: Optional[VectorKind]
    dim: int
    stale: List[str]  # live facts without a usable vector: missing, another model, or edited
    decoded: Dict[str, Tuple[str, Optional[Tuple[int, np.ndarray]]]]  # id -> (stored form, its decoding)

    @classmethod
    def build(cls, facts: Sequence[Fact], texts: Mapping[str, str], vectors: Optional[Vectors],
              wanted: Optional[VectorKind], previous: Optional["DenseIndex"] = None) -> "DenseIndex":
        """Vectors of another identity than ``wanted`` are stale; those ``previous`` decoded are reused."""
        ids: List[str] = []
        rows: List[np.ndarray] = []
        stale: List[str] = []
        decoded: Dict[str, Tuple[str, Optional[Tuple[int, np.ndarray]]]] = {}
        identity = VectorKind(vectors.model, vectors.prefix) if vectors else None
        usable = vectors is not None and (wanted is None or identity == wanted)
        dim = vectors.dim if vectors else 0
        known = previous.decoded if previous is not None and previous.dim == dim else {}
        for fact in facts:
            stored = vectors.of.get(fact.id) if usable and vectors else None
            if stored is None:
                stale.append(fact.id)
                continue
            earlier = known.get(fact.id)
            vector = earlier[1] if earlier is not None and earlier[0] == stored else decode(stored, dim)
            decoded[fact.id] = (stored, vector)
            if vector is None or vector[0] != checksum(texts[fact.id]):
                stale.append(fact.id)
                continue
            ids.append(fact.id)
            rows.append(vector[1])
        matrix = np.vstack(rows) if rows else np.zeros((0, dim), dtype=np.float32)
        return cls(ids, matrix, identity if usable else None, dim, stale, decoded)

    def fused(self, lexical: Mapping[str, float], query: np.ndarray, limit: int) -> Dict[str, float]:
        """Fused scores of the ``limit`` best facts with a vector, and of every other fact the words match."""
        if not self.ids or query.shape != (self.dim,):
            return fuse(lexical, [], np.zeros(0, dtype=np.float32), limit)
        return fuse(lexical, self.ids, self.matrix @ query, limit)


def fuse(lexical: Mapping[str, float], ids: Sequence[str], cosines: np.ndarray, limit: int) -> Dict[str, float]:
    """BM25 over the turn's best plus cosine stretched over its range, weighted; the best ``limit`` kept.
    A fact without a vector keeps its words' score, on the same scale."""
    best = max(lexical.values(), default=0.0)
    fused = np.zeros(len(ids), dtype=np.float32)
    if len(ids):
        low, high = float(cosines.min()), float(cosines.max())
        fused += DENSE_WEIGHT * ((cosines - low) / (high - low) if high > low else 1.0)
    result: Dict[str, float] = {}
    if best > 0:
        row = {fid: n for n, fid in enumerate(ids)} if lexical else {}
        for fid, score in lexical.items():
            if fid in row:
                fused[row[fid]] += (1.0 - DENSE_WEIGHT) * score / best
            else:  # no vector: its words alone
                result[fid] = score / best
    keep = np.argpartition(-fused, limit)[:limit] if 0 < limit < len(ids) else range(len(ids))
    result.update((ids[n], float(fused[n])) for n in keep)
    return result
