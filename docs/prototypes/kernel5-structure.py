# Prototype (not part of the product): prints, as MLIR, the kernel
# structure the fast pipeline must produce -- the walkthrough's kernel 5
# (docs/design.md, "The default kernel") written directly as a gpu.launch
# with LDS attributions, a K loop carrying 8 x vector<16xf32> accumulators and
# register prefetch, and the BK loop fully unrolled. Measured on 2026-11-22 (N = 256):
#   python3 docs/prototypes/kernel5-structure.py 256 > k5.mlir
#   gemm-opt k5.mlir --pass-pipeline="builtin.module(func.func(gpu-launch-sink-index-computations),gpu-kernel-outlining,rocdl-attach-target{chip=gfx1100 abi=500 O=3 wave64=false features=+cumode},gpu.module(lower-affine,convert-scf-to-cf,convert-gpu-to-rocdl{use-bare-ptr-memref-call-conv=true chipset=gfx1100 runtime=HIP},reconcile-unrealized-casts))" -o low.mlir
#   gemm-opt low.mlir --gpu-module-to-binary="format=bin toolkit=build/toolkit" --gemm-emit-hsaco="hsaco=k5m.hsaco" --gemm-amdgpu-vopd-report
#     -> 1024 FMAs per K step, 911 in VOPD (88%); 196 VGPRs, 18 SGPRs, LDS 8320, scratch 0
#   gemm-run k5m.manifest.json --backend=emu   -> PASS
# Hand-built kernel-5 structure in MLIR (a prototype).
import sys
M=N=K=int(sys.argv[1]) if len(sys.argv)>1 else 256
L=[]
e=L.append
e('#wg = #gpu.address_space<workgroup>')
e(f'func.func @sgemm(%A: memref<{M}x{K}xf32>, %B: memref<{K}x{N}xf32>, %C: memref<{M}x{N}xf32>) attributes {{gemm.matmul = #gemm.matmul<m = {M}, n = {N}, k = {K}, batch = 1, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = {K}, ldb = {N}, ldc = {N}, alpha = 1.0, beta = 1.0>}} {{')
e('  %c1 = arith.constant 1 : index')
e(f'  %gx = arith.constant {N//128} : index')
e(f'  %gy = arith.constant {M//128} : index')
e('  %c128 = arith.constant 128 : index')
e('  gpu.launch blocks(%bx, %by, %bz) in (%sgx = %gx, %sgy = %gy, %sgz = %c1) threads(%tx, %ty, %tz) in (%stx = %c128, %sty = %c1, %stz = %c1) workgroup(%As : memref<8x132xf32, #wg>, %Bs : memref<8x128xf32, #wg>) {')
for c in [0,4,8,16,32,128,N]:
    e(f'    %k{c} = arith.constant {c} : index')
e('    %blockRow = arith.muli %by, %k128 : index')
e('    %blockCol = arith.muli %bx, %k128 : index')
e('    %wave = arith.divui %tx, %k32 : index')
e('    %lane = arith.remui %tx, %k32 : index')
e('    %laneM = arith.divui %lane, %k8 : index')
e('    %laneN = arith.remui %lane, %k8 : index')
e('    %w32 = arith.muli %wave, %k32 : index')
e('    %lm4 = arith.muli %laneM, %k4 : index')
e('    %rowBase = arith.addi %w32, %lm4 : index')
e('    %colBase = arith.muli %laneN, %k4 : index')
e('    %aCol = arith.remui %tx, %k8 : index')
e('    %aRow = arith.divui %tx, %k8 : index')
e('    %gRowA0 = arith.addi %blockRow, %aRow : index')
e('    %gColB = arith.addi %blockCol, %tx : index')
e('    %zv = arith.constant dense<0.0> : vector<16xf32>')
e('    %z8 = arith.constant dense<0.0> : vector<8xf32>')
def loads(kbase, suffix):
    # 8 A values rows gRowA0+16i, col kbase+aCol ; 8 B values rows kbase+i, col gColB
    e(f'    %acolg{suffix} = arith.addi {kbase}, %aCol : index')
    va='%z8'; vb='%z8'
    for i in range(8):
        e(f'    %ar{suffix}_{i} = arith.addi %gRowA0, %k{16*i if 16*i in [0,16,128] else 0} : index' if False else f'    %ar{suffix}_{i} = affine.apply affine_map<(d0) -> (d0 + {16*i})>(%gRowA0)')
        e(f'    %av{suffix}_{i} = memref.load %A[%ar{suffix}_{i}, %acolg{suffix}] : memref<{M}x{K}xf32>')
        e(f'    %va{suffix}_{i} = vector.insert %av{suffix}_{i}, {va} [{i}] : f32 into vector<8xf32>')
        va=f'%va{suffix}_{i}'
        e(f'    %br{suffix}_{i} = affine.apply affine_map<(d0) -> (d0 + {i})>({kbase})')
        e(f'    %bv{suffix}_{i} = memref.load %B[%br{suffix}_{i}, %gColB] : memref<{K}x{N}xf32>')
        e(f'    %vb{suffix}_{i} = vector.insert %bv{suffix}_{i}, {vb} [{i}] : f32 into vector<8xf32>')
        vb=f'%vb{suffix}_{i}'
    return va, vb
a0,b0=loads('%k0','p')
accs=', '.join(f'%acc{i} = %zv' for i in range(8))
e(f'    %res:10 = scf.for %k0i = %k0 to %k{N} step %k8 iter_args({accs}, %an = {a0}, %bn = {b0}) -> ({", ".join(["vector<16xf32>"]*8)}, vector<8xf32>, vector<8xf32>) {{')
# store to LDS: As[aCol][aRow+16i] = an[i]; Bs[i][tx] = bn[i]
for i in range(8):
    e(f'      %sa{i} = vector.extract %an[{i}] : f32 from vector<8xf32>')
    e(f'      %sar{i} = affine.apply affine_map<(d0) -> (d0 + {16*i})>(%aRow)')
    e(f'      memref.store %sa{i}, %As[%aCol, %sar{i}] : memref<8x132xf32, #wg>')
    e(f'      %sb{i} = vector.extract %bn[{i}] : f32 from vector<8xf32>')
    e(f'      %ki{i} = arith.constant {i} : index')
    e(f'      memref.store %sb{i}, %Bs[%ki{i}, %tx] : memref<8x128xf32, #wg>')
e('      gpu.barrier')
# prefetch next (clamped: if last, reload same - harmless): next = min(k0i+8, N-8)
e(f'      %kn0 = arith.addi %k0i, %k8 : index')
e(f'      %klast = arith.constant {N-8} : index')
e(f'      %kn = arith.minui %kn0, %klast : index')
an,bn=loads('%kn','n')
# BK loop unrolled
cur=[f'%acc{i}' for i in range(8)]
for kk in range(8):
    e(f'      %kk{kk} = arith.constant {kk} : index')
    avs=[]
    for im in range(2):
        e(f'      %ra{kk}_{im} = affine.apply affine_map<(d0) -> (d0 + {16*im})>(%rowBase)')
        e(f'      %la{kk}_{im} = vector.load %As[%kk{kk}, %ra{kk}_{im}] : memref<8x132xf32, #wg>, vector<4xf32>')
        avs.append(f'%la{kk}_{im}')
    bvs=[]
    for jn in range(4):
        e(f'      %cb{kk}_{jn} = affine.apply affine_map<(d0) -> (d0 + {32*jn})>(%colBase)')
        e(f'      %lb{kk}_{jn} = vector.load %Bs[%kk{kk}, %cb{kk}_{jn}] : memref<8x128xf32, #wg>, vector<4xf32>')
        bvs.append(f'%lb{kk}_{jn}')
    # b row: concat 4 vector<4> into vector<16>
    e(f'      %bc{kk}a = vector.shuffle {bvs[0]}, {bvs[1]} [0,1,2,3,4,5,6,7] : vector<4xf32>, vector<4xf32>')
    e(f'      %bc{kk}b = vector.shuffle {bvs[2]}, {bvs[3]} [0,1,2,3,4,5,6,7] : vector<4xf32>, vector<4xf32>')
    e(f'      %brow{kk} = vector.shuffle %bc{kk}a, %bc{kk}b [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15] : vector<8xf32>, vector<8xf32>')
    nxt=[]
    for i in range(8):
        e(f'      %as{kk}_{i} = vector.extract {avs[i//4]}[{i%4}] : f32 from vector<4xf32>')
        e(f'      %ab{kk}_{i} = vector.broadcast %as{kk}_{i} : f32 to vector<16xf32>')
        e(f'      %f{kk}_{i} = vector.fma %ab{kk}_{i}, %brow{kk}, {cur[i]} : vector<16xf32>')
        nxt.append(f'%f{kk}_{i}')
    cur=nxt
e('      gpu.barrier')
e(f'      scf.yield {", ".join(cur)}, {an}, {bn} : {", ".join(["vector<16xf32>"]*8)}, vector<8xf32>, vector<8xf32>')
e('    }')
# write C += acc
for i in range(8):
    e(f'    %cr{i} = affine.apply affine_map<(d0) -> (d0 + {16*(i//4) + i%4})>(%rowBase)')
    e(f'    %grow{i} = arith.addi %blockRow, %cr{i} : index')
    for jn in range(4):
        e(f'      %gc{i}_{jn}0 = affine.apply affine_map<(d0) -> (d0 + {32*jn})>(%colBase)')
        e(f'      %gc{i}_{jn} = arith.addi %blockCol, %gc{i}_{jn}0 : index')
        e(f'      %old{i}_{jn} = vector.load %C[%grow{i}, %gc{i}_{jn}] : memref<{M}x{N}xf32>, vector<4xf32>')
        e(f'      %part{i}_{jn} = vector.shuffle %res#{i}, %res#{i} [{4*jn},{4*jn+1},{4*jn+2},{4*jn+3}] : vector<16xf32>, vector<16xf32>')
        e(f'      %sum{i}_{jn} = arith.addf %old{i}_{jn}, %part{i}_{jn} : vector<4xf32>')
        e(f'      vector.store %sum{i}_{jn}, %C[%grow{i}, %gc{i}_{jn}] : memref<{M}x{N}xf32>, vector<4xf32>')
e('    gpu.terminator')
e('  }')
e('  return')
e('}')
print("\n".join(L))
