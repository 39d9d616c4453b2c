# Build, install and package rules (GNU make).
#
#   make                                  build the static release binary (swift build, SWIFTFLAGS)
#   sudo make install                     install under /usr/local
#   make install PREFIX=$HOME/.local      install for one user, no root
#   make deb                              build rules_VERSION_ARCH.deb for apt install
#
# RULES names the binary to install. A prebuilt one may be passed (RULES=path/to/rules)
# so that install and deb do not run the Swift toolchain; `make install` as root with the
# default path builds only when .build/release/rules is missing (run `make` first as
# yourself, so that .build is not left to root).

PREFIX ?= /usr/local
DESTDIR ?=
DEFAULT_RULES := .build/release/rules
RULES ?= $(DEFAULT_RULES)
SWIFT ?= swift
MANPAGE ?= doc/rules.1
# The same page in Russian (rules help man under a ru_* locale), where man finds it for
# such a locale.
MANPAGE_RU ?= doc/rules.ru.1
# The binary is installed stripped of its symbols (a fifth of it); STRIP= keeps them.
STRIP ?= -s

BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
MANDIR_RU = $(PREFIX)/share/man/ru/man1
# bash-completion 2 loads completions/<command> on demand from each $XDG_DATA_DIRS entry
# (default /usr/local/share:/usr/share) and from ~/.local/share/bash-completion.
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
# zsh has no one place: Debian's zsh searches /usr/share/zsh/vendor-completions for
# packages and /usr/local/share/zsh/site-functions for local installs (it has no
# /usr/local/share/zsh/vendor-completions); upstream zsh, Fedora, Arch and Homebrew use
# $(PREFIX)/share/zsh/site-functions. So: vendor-completions for PREFIX=/usr, else
# site-functions; override with e.g. ZSHCOMPDIR=/usr/share/zsh/site-functions.
ZSHCOMPDIR = $(if $(filter /usr,$(PREFIX)),$(PREFIX)/share/zsh/vendor-completions,$(PREFIX)/share/zsh/site-functions)
# fish reads vendor_completions.d in ~/.local/share/fish, in its own /usr/share/fish, and
# under each $XDG_DATA_DIRS entry when that is set (as desktop sessions set it).
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d

# Where `make deb` stages the package tree and writes the .deb.
DEBDIR ?= .
STAGING = $(DEBDIR)/deb-staging
# Recursive (=), so that they are computed only in the deb recipe, once $(RULES) exists.
VERSION = $(word 2,$(shell '$(RULES)' --version))
ARCH = $(shell dpkg --print-architecture)
DEB = $(DEBDIR)/rules_$(VERSION)_$(ARCH).deb

INSTALLED = $(BINDIR)/rules $(MANDIR)/rules.1 $(MANDIR_RU)/rules.1 $(BASHCOMPDIR)/rules $(ZSHCOMPDIR)/_rules $(FISHCOMPDIR)/rules.fish

.PHONY: all build bench-tool install uninstall deb clean

all: build

# The release build of the command: linked statically (it starts fast and needs no
# library at run time), with two flags for every module that Package.swift cannot set
# without barring other packages from depending on this one: direct metadata accessors
# (no scan of every protocol conformance at a search's first generic lookup) and no
# dynamic exclusivity checks (about a tenth of the regex layer's and search core's time).
SWIFTFLAGS = -Xswiftc -static-executable -Xswiftc -enforce-exclusivity=unchecked \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

# Always run: swift build knows better than make whether the sources changed.
build:
	$(SWIFT) build -c release $(SWIFTFLAGS) --product rules

# The in-process timing of bench/run (bench/InProcess), built as the binary is.
bench-tool:
	$(SWIFT) build -c release $(SWIFTFLAGS) --product rules-bench

# Only when the binary is missing. A RULES other than the default is not ours to build.
$(RULES):
ifeq ($(RULES),$(DEFAULT_RULES))
	$(SWIFT) build -c release $(SWIFTFLAGS) --product rules
else
	@echo "make: $(RULES) does not exist (RULES names a prebuilt binary)" >&2; exit 1
endif

# The completion scripts come from the binary itself, so that they cannot drift from its
# commands; a generator that fails leaves no half-written file behind.
install: $(RULES) $(MANPAGE) $(MANPAGE_RU)
	install -D -m 0755 $(STRIP) '$(RULES)' '$(DESTDIR)$(BINDIR)/rules'
	install -D -m 0644 '$(MANPAGE)' '$(DESTDIR)$(MANDIR)/rules.1'
	install -D -m 0644 '$(MANPAGE_RU)' '$(DESTDIR)$(MANDIR_RU)/rules.1'
	$(call install-completion,bash,$(BASHCOMPDIR)/rules)
	$(call install-completion,zsh,$(ZSHCOMPDIR)/_rules)
	$(call install-completion,fish,$(FISHCOMPDIR)/rules.fish)

# $(call install-completion,SHELL,PATH)
define install-completion
install -d '$(DESTDIR)$(dir $(2))'
'$(RULES)' completions $(1) > '$(DESTDIR)$(2)' || { rm -f '$(DESTDIR)$(2)'; exit 1; }
chmod 0644 '$(DESTDIR)$(2)'
endef

# Files only: the directories are shared with other packages. The man page is removed in
# both forms, as a packager may have compressed it.
uninstall:
	rm -f $(foreach f,$(INSTALLED),'$(DESTDIR)$(f)') '$(DESTDIR)$(MANDIR)/rules.1.gz' '$(DESTDIR)$(MANDIR_RU)/rules.1.gz'

# The binary is static, so the package has no Depends; it recommends the Russian
# dictionary `rules check` reads (hunspell-ru), without which only check fails. Debian policy wants the man page
# compressed with gzip -9n (-n: no name or time stamp, so that builds are reproducible)
# and a copyright file in /usr/share/doc/rules. VERSION and ARCH are expanded with the
# recipe, after $(RULES) is built. The modes are set whatever the umask: dpkg-deb refuses
# a DEBIAN directory that is not 0755 to 0775.
deb: $(RULES) $(MANPAGE) $(MANPAGE_RU)
	@test -n '$(VERSION)' || { echo "make: no version from $(RULES) --version" >&2; exit 1; }
	rm -rf '$(STAGING)'
	$(MAKE) install DESTDIR='$(STAGING)' PREFIX=/usr RULES='$(RULES)' MANPAGE='$(MANPAGE)' MANPAGE_RU='$(MANPAGE_RU)'
	gzip -9n '$(STAGING)/usr/share/man/man1/rules.1' '$(STAGING)/usr/share/man/ru/man1/rules.1'
	install -d '$(STAGING)/usr/share/doc/rules' '$(STAGING)/DEBIAN'
	printf '%s\n' \
	  'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
	  'Upstream-Name: rules' \
	  'Comment: The search engine is a port of s2_search by Roman Parpalak (S2 CMS,' \
	  ' GPL-2.0-or-later), from commit 81b64365550826c2616bcb7f384b496e57ce515b of' \
	  ' parpalak/s2. Linked in: PCRE2 (BSD-3-Clause) and Hunspell (MPL-1.1,' \
	  ' GPL-2.0-or-later or LGPL-2.1-or-later), from Debian.' \
	  '' \
	  'Files: *' \
	  'Copyright: Roman Parpalak (s2_search)' \
	  '           rules developers (the Swift port and the rules text)' \
	  'License: GPL-2.0-or-later' \
	  ' This program is free software; you can redistribute it and/or modify it under' \
	  ' the terms of the GNU General Public License as published by the Free Software' \
	  ' Foundation; either version 2 of the License, or (at your option) any later' \
	  ' version.' \
	  ' .' \
	  ' On Debian systems, the full text of the GNU General Public License version 2' \
	  ' can be found in the file /usr/share/common-licenses/GPL-2.' \
	  > '$(STAGING)/usr/share/doc/rules/copyright'
	printf '%s\n' \
	  'Package: rules' \
	  'Version: $(VERSION)' \
	  'Architecture: $(ARCH)' \
	  'Maintainer: rules developers <rules@localhost>' \
	  "Installed-Size: $$(du -sk --exclude=DEBIAN '$(STAGING)' | cut -f1)" \
	  'Recommends: hunspell-ru' \
	  'Section: text' \
	  'Priority: optional' \
	  'Description: search the rules of Russian spelling and punctuation' \
	  ' A command-line search of a built-in reference of the rules of Russian' \
	  ' spelling and punctuation: a Swift port of the s2_search engine of' \
	  ' therules.ru and S2 CMS, with its Russian Porter stemmer, ranking and snippets;' \
	  ' and a spelling check that names the rule deciding each mistake (with' \
	  ' hunspell-ru, the Russian dictionary it reads).' \
	  > '$(STAGING)/DEBIAN/control'
	find '$(STAGING)' -type d -exec chmod 0755 {} +
	find '$(STAGING)' -type f -exec chmod go+r,go-w {} +
	dpkg-deb --build --root-owner-group '$(STAGING)' '$(DEB)'

clean:
	rm -rf '$(STAGING)'
	rm -f '$(DEBDIR)'/rules_*.deb
