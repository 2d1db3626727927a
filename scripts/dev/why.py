#!/usr/bin/env python3
"""Dev helper: show which truth units are missing or out of order for one corpus document.
usage: scripts/dev/why.py DOC_ID [--cmd 'node bin/readflow.js {pdf} -q']"""
import os, subprocess, sys, shlex
HERE = os.path.dirname(os.path.abspath(__file__))
EVAL = os.path.join(HERE, '..', '..', '..', 'shared', 'eval')
sys.path.insert(0, EVAL)
import score
doc = sys.argv[1]
cmd = sys.argv[3] if len(sys.argv) > 3 else 'node bin/readflow.js {pdf} -q'
folder = os.path.join(EVAL, '..', 'corpus', doc)
out = subprocess.run(cmd.replace('{pdf}', shlex.quote(os.path.join(folder, 'doc.pdf'))), shell=True, capture_output=True, text=True).stdout
blocks, furn = score.read_truth(folder)
units = score.units_from_blocks(blocks)
idx = score.OutputIndex(score._MD_NOISE.sub(' ', out))
found = []
for i, u in enumerate(units):
    st, pos = idx.find(u['toks'])
    u['st'], u['pos'] = st, pos
    if st == 'missing':
        print('MISSING p%d: %s' % (u['page'], ' '.join(u['toks'])))
    elif st == 'found':
        found.append(i)
prev = None
for i in found:
    if prev is not None and units[i]['page'] == units[prev]['page'] and units[i]['pos'] < units[prev]['pos']:
        print('ORDER p%d: [%s] came before [%s]' % (units[i]['page'], ' '.join(units[i]['toks'][:8]), ' '.join(units[prev]['toks'][:8])))
    prev = i
