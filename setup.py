import os

from setuptools import find_packages, setup

HERE = os.path.dirname(os.path.abspath(__file__))


def version() -> str:
    scope: dict = {}
    with open(os.path.join(HERE, "ovos_memory_plugin_entity", "version.py")) as handle:
        exec(handle.read(), scope)
    return scope["__version__"]


def readme() -> str:
    with open(os.path.join(HERE, "readme.md"), encoding="utf-8") as handle:
        return handle.read()


ENTRY = "ovos_memory_plugin_entity.plugin:EntityMemory"

setup(
    name="ovos-memory-plugin-entity",
    version=version(),
    description="Durable facts about the user for OpenVoiceOS personas, distilled by a local model",
    long_description=readme(),
    long_description_content_type="text/markdown",
    license="Apache-2.0",
    packages=find_packages(include=["ovos_memory_plugin_entity", "ovos_memory_plugin_entity.*"]),
    package_data={"ovos_memory_plugin_entity": ["locale/*.json"]},
    python_requires=">=3.9",
    install_requires=[
        # AgentContextManager exists from 2.2.0 on, 3.x included
        "ovos-plugin-manager>=2.2.0,<4",
        "requests>=2.28",
        # 1.0.4a1 is the first that writes atomically; 0.10.x writes in place
        "json-database>=1.0.4a1,<2",
        # the first ovos-utils line that accepts json-database 1.x (older ones pin 0.10)
        "ovos-utils>=0.15.0a1,<1",
    ],
    extras_require={
        "test": ["pytest>=7"],
        "integration": ["ovos-persona==0.9.0a35", "ovos-memory-plugins==1.2.3a1"],
        # psycopg 3 and its pool, for backend: postgres (several persona servers, one memory)
        "postgres": ["psycopg[binary]>=3.1,<4", "psycopg-pool>=3.2,<4"],
    },
    entry_points={
        "opm.agents.memory": [
            f"ovos-memory-plugin-entity = {ENTRY}",
            f"ovos-memory-plugin-entity-facts = {ENTRY}",
        ],
        "console_scripts": ["ovos-entity-memory = ovos_memory_plugin_entity.cli:main"],
    },
    classifiers=["License :: OSI Approved :: Apache Software License",
                 "Programming Language :: Python :: 3"],
)
