#!/usr/bin/env python3
"""Checks that every relative link in README.md and docs/*.md names a file or
directory of the tree and, with an anchor, a heading of that page (anchors as
GitHub makes them from headings). Links inside code are skipped.

    scripts/check-doc-links.py [ROOT]     (default: the repository)

Prints FILE: missing target/anchor LINK for each broken link; exit code 0 when
all resolve, 1 otherwise.
"""
import os, re, sys, glob
root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))
files = [os.path.join(root, 'README.md')] + sorted(glob.glob(os.path.join(root, 'docs', '*.md')))

def strip_code(text):
    return re.sub(r'```.*?```', '', text, flags=re.S)

def slugs(path):
    text = strip_code(open(path).read())
    out, seen = set(), {}
    for m in re.finditer(r'^#{1,6}\s+(.*?)\s*#*\s*$', text, flags=re.M):
        h = m.group(1)
        h = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', h)
        s = h.strip().lower()
        s = re.sub(r'[^\w\- ]', '', s)
        s = s.replace(' ', '-')
        n = seen.get(s, 0); seen[s] = n + 1
        out.add(s if n == 0 else f'{s}-{n}')
    return out

bad = 0; count = 0
for f in files:
    text = strip_code(open(f).read())
    text = re.sub(r'`[^`\n]*`', '', text)
    for m in re.finditer(r'!?\[[^\]]*\]\(([^)\s]+)\)', text):
        url = m.group(1)
        if re.match(r'[a-z]+:', url): continue
        count += 1
        path, _, anchor = url.partition('#')
        target = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
        if not os.path.exists(target):
            print(f'{f}: missing target {url}'); bad += 1; continue
        if anchor:
            if not target.endswith('.md'):
                print(f'{f}: anchor on non-md {url}'); bad += 1; continue
            if anchor not in slugs(target):
                print(f'{f}: missing anchor {url}'); bad += 1
print(f'{count} relative links checked, {bad} broken')
sys.exit(1 if bad else 0)
