"""
40-digit reference values for Bjerksund-Stensland 2002, as used in american.test.ts (not run by the tests).

Haug (2007) (the chapter on American options) written out in mpmath, with the bivariate normal as the exact one-dimensional integral
M(h, k; rho) = int_{-inf}^{h} phi(x) Phi((k - rho x)/sqrt(1 - rho^2)) dx, and the same floor as the TypeScript
(max of the formula, the European value and immediate exercise; the European value alone when b >= r).

    python3 bjerksund-stensland-mpmath.py '[[1, 150, 100, 5, 0.1, 0.02, 0.1]]'   # [isCall, S, K, T, r, q, sigma]
"""
import mpmath as mp, sys, json
mp.mp.dps = 40
def N(x): return mp.ncdf(x)
def M(h, k, rho):
    h = mp.mpf(h); k = mp.mpf(k); rho = mp.mpf(rho)
    s = mp.sqrt(1 - rho*rho)
    f = lambda x: mp.npdf(x) * mp.ncdf((k - rho*x)/s)
    # integrate from -inf to h; split for accuracy near the peak
    pts = [-mp.inf] + sorted(set([min(h, p) for p in (-8, -4, -2, 0, 2, 4, 8) if p < h])) + [h]
    return mp.quad(f, pts)
def bs_call(S, K, T, r, b, v):
    S, K, T, r, b, v = map(mp.mpf, (S, K, T, r, b, v))
    if b >= r:
        return None
    v2 = v*v
    t1 = (mp.sqrt(5) - 1)/2 * T
    beta = (mp.mpf(1)/2 - b/v2) + mp.sqrt((b/v2 - mp.mpf(1)/2)**2 + 2*r/v2)
    Binf = beta/(beta - 1)*K
    B0 = max(K, r/(r - b)*K)
    h1 = min(-(b*t1 + 2*v*mp.sqrt(t1))*K*K/((Binf - B0)*B0), 0)
    h2 = min(-(b*T + 2*v*mp.sqrt(T))*K*K/((Binf - B0)*B0), 0)
    I1 = B0 + (Binf - B0)*(1 - mp.exp(h1))
    I2 = B0 + (Binf - B0)*(1 - mp.exp(h2))
    alpha1 = (I1 - K)*I1**(-beta)
    alpha2 = (I2 - K)*I2**(-beta)
    if S >= I2:
        return S - K
    rho = mp.sqrt(t1/T)
    def phi(S, t, g, H, I):
        lam = -r + g*b + g*(g-1)*v2/2
        kappa = 2*b/v2 + (2*g - 1)
        d = -(mp.log(S/H) + (b + (g - mp.mpf(1)/2)*v2)*t)/(v*mp.sqrt(t))
        return mp.exp(lam*t)*S**g*(N(d) - (I/S)**kappa*N(d - 2*mp.log(I/S)/(v*mp.sqrt(t))))
    def psi(S, T2, g, H, I2_, I1_, t1_):
        e1 = (mp.log(S/I1_) + (b + (g - mp.mpf(1)/2)*v2)*t1_)/(v*mp.sqrt(t1_))
        e2 = (mp.log(I2_**2/(S*I1_)) + (b + (g - mp.mpf(1)/2)*v2)*t1_)/(v*mp.sqrt(t1_))
        e3 = (mp.log(S/I1_) - (b + (g - mp.mpf(1)/2)*v2)*t1_)/(v*mp.sqrt(t1_))
        e4 = (mp.log(I2_**2/(S*I1_)) - (b + (g - mp.mpf(1)/2)*v2)*t1_)/(v*mp.sqrt(t1_))
        f1 = (mp.log(S/H) + (b + (g - mp.mpf(1)/2)*v2)*T2)/(v*mp.sqrt(T2))
        f2 = (mp.log(I2_**2/(S*H)) + (b + (g - mp.mpf(1)/2)*v2)*T2)/(v*mp.sqrt(T2))
        f3 = (mp.log(I1_**2/(S*H)) + (b + (g - mp.mpf(1)/2)*v2)*T2)/(v*mp.sqrt(T2))
        f4 = (mp.log(S*I1_**2/(H*I2_**2)) + (b + (g - mp.mpf(1)/2)*v2)*T2)/(v*mp.sqrt(T2))
        lam = -r + g*b + g*(g-1)*v2/2
        kappa = 2*b/v2 + (2*g - 1)
        return mp.exp(lam*T2)*S**g*(M(-e1, -f1, rho) - (I2_/S)**kappa*M(-e2, -f2, rho)
                                   - (I1_/S)**kappa*M(-e3, -f3, -rho) + (I1_/I2_)**kappa*M(-e4, -f4, -rho))
    C = (alpha2*S**beta - alpha2*phi(S, t1, beta, I2, I2) + phi(S, t1, 1, I2, I2) - phi(S, t1, 1, I1, I2)
         - K*phi(S, t1, 0, I2, I2) + K*phi(S, t1, 0, I1, I2) + alpha1*phi(S, t1, beta, I1, I2)
         - alpha1*psi(S, T, beta, I1, I2, I1, t1) + psi(S, T, 1, I1, I2, I1, t1) - psi(S, T, 1, K, I2, I1, t1)
         - K*psi(S, T, 0, I1, I2, I1, t1) + K*psi(S, T, 0, K, I2, I1, t1))
    return C
def european_call(S, K, T, r, b, v):
    S, K, T, r, b, v = map(mp.mpf, (S, K, T, r, b, v))
    d1 = (mp.log(S/K) + (b + v*v/2)*T)/(v*mp.sqrt(T)); d2 = d1 - v*mp.sqrt(T)
    return S*mp.exp((b - r)*T)*N(d1) - K*mp.exp(-r*T)*N(d2)
def bs(isCall, S, K, T, r, q, v):
    b = r - q
    if isCall: args = (S, K, T, r, b, v)
    else: args = (K, S, T, r - b, -b, v)
    c = bs_call(*args)
    eu = european_call(*args)
    if c is None: return eu
    return max(c, eu, args[0] - args[1])
if __name__ == '__main__':
    cases = json.loads(sys.argv[1])
    for cse in cases:
        print(repr(float(bs(*cse))))
