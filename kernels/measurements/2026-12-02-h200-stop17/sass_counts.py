# sass_counts.py FILE.sass: executed-path-agnostic static opcode counts of each
# fast_transpose_kernel / fast_packed_kernel in a cuobjdump -sass listing.
import re,sys,collections
cur=None; cnt={}
for l in open(sys.argv[1]):
    m=re.search(r"Function : (\S+)",l)
    if m: cur=m.group(1); cnt[cur]=collections.Counter(); continue
    m=re.match(r"\s+/\*[0-9a-f]{4,}\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)",l)
    if m and cur: cnt[cur][m.group(2)]+=1
for f,c in cnt.items():
    m=re.search(r"fast_(transpose|packed)_kernelINS_19fast_transpose_planILj(\d)ELj\d+ELj\d+ELj\d+ELj\d+EEE(.*)",f)
    if not m: continue
    if m.group(1)=='transpose':
        b=re.findall(r"Lb([01])E",m.group(3)); mb=re.findall(r"ELj(\d+)EEEv",m.group(3))
        name=f"T e{m.group(2)} in{'A' if b[0]=='1' else 'U'} out{'A' if b[1]=='1' else 'U'} mb{mb[0] if mb else '?'}"
    else:
        name=f"P e{m.group(2)}"
    tot=sum(c.values())
    print(f"{name:24s} total {tot:5d} " + ' '.join(f"{k}:{c[k]}" for k in ['SHFL','SEL','LOP3','IMAD','SHF','PRMT','LDS','LDG','STG','STS','IADD3']))
