import re,sys,collections
def load(fn):
    funcs={};cur=None
    for line in open(fn):
        if 'Function :' in line:
            cur=line.split(':')[1].strip(); funcs[cur]=[]; continue
        m=re.search(r'/\*([0-9a-f]{4,})\*/\s+(.*?);',line)
        if m and cur: funcs[cur].append((int(m.group(1),16), m.group(2).strip()))
    return funcs
nst=int(sys.argv[2]) if len(sys.argv)>2 else 4
for n,ins in load(sys.argv[1]).items():
    # trailing region: from the instruction after the EXIT that precedes the last nst STG.E.128
    st=[i for i,(a,t) in enumerate(ins) if 'STG.E.128' in t]
    first=st[-nst]
    j=first
    while j>0 and not re.search(r'\bEXIT\b', ins[j][1]): j-=1
    end=[i for i,(a,t) in enumerate(ins) if t.startswith('BRA') and ins[i][1].endswith(hex(ins[i][0])[2:])]
    k=st[-1]
    while not ins[k][1].strip().endswith('EXIT') or ins[k][1].startswith('@'): k+=1
    seg=ins[j+1:k+1]
    c=collections.Counter(re.sub(r'^@!?U?P\S+\s+','',t).split()[0].split('.')[0] for a,t in seg)
    print(n[70:140], 'inside-store region', len(seg), ' '.join(f'{a}:{b}' for a,b in c.most_common(12)))
