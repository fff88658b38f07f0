"""The domain: what a memory is and the only way it changes. Pure: no I/O, no threads,
no clock (``now`` is passed in); imports nothing else of this package."""
