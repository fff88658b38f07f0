"""The version and the names OPM knows the plugin by; ``setup.py`` reads it without importing the package."""
__version__ = "0.1.0"

ENTRY_POINT_GROUP = "opm.agents.memory"
# The older plugin's name (ovos-memory-plugins' EntityMemory), which we answer to as well:
# OPM keeps whichever entry point of a name it meets last.
PLUGIN_NAME = "ovos-memory-plugin-entity"
# Ours alone: the name to use when the older plugin is installed too.
UNIQUE_PLUGIN_NAME = "ovos-memory-plugin-entity-facts"
PLUGIN_NAMES = (UNIQUE_PLUGIN_NAME, PLUGIN_NAME)
