// Reference prices for the American engine's accuracy test (test/shared/pricing/american-reference.csv).
//
// Every contract is priced three ways:
//  - reference: QuantLib 1.29's QdFpAmericanEngine (Andersen, Lake & Offengenden 2016) with a tanh-sinh scheme far
//    finer than its own highPrecisionScheme(): 64 Chebyshev nodes, 16 fixed-point iterations, quadrature to 1e-12;
//  - legendre: the same engine with Gauss-Legendre quadrature instead (128 points per fixed-point integral, 256 for
//    the price, 64 nodes, 16 iterations), as a check on the quadrature;
//  - tree: a Leisen-Reimer (1996) binomial tree of 10,001 and 20,001 steps, extrapolated as 2·V(20001) - V(10001)
//    (its error is close to first order in 1/n for American options), on every published case and on every
//    TREE_EVERY-th grid and random contract: an independent method, as a check on the reference itself.
// Calls are priced as puts by the put-call symmetry C(S, K, r, q) = P(K, S, q, r) (McDonald & Schroder 1998), as
// QuantLib's engine does internally. A put with r <= 0 and r <= q is never exercised early: its European value.
//
// Build and run: tools/american-reference/make-reference.sh (Debian: apt-get install libquantlib0-dev).
#include <ql/quantlib.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using namespace QuantLib;

namespace {

struct Exposed : QdFpAmericanEngine {
    using QdFpAmericanEngine::QdFpAmericanEngine;
    using QdFpAmericanEngine::calculatePut;
};

struct Case {
    std::string set;
    bool isCall;
    double S, K, T, r, q, sigma;
    double published;  // NaN where the source prints no value
};

double europeanPut(double S, double K, double T, double r, double q, double sigma) {
    return BlackCalculator(Option::Put, K, S * std::exp((r - q) * T), sigma * std::sqrt(T), std::exp(-r * T)).value();
}

double qdfpPut(const Exposed& engine, double S, double K, double T, double r, double q, double sigma) {
    if (r <= 0 && r <= q) return europeanPut(S, K, T, r, q, sigma);
    return engine.calculatePut(S, K, r, q, sigma, T);
}

double peizerPratt(double z, int n) {
    const double a = z / (n + 1.0 / 3 + 0.1 / (n + 1));
    const double root = 0.5 * std::sqrt(1 - std::exp(-a * a * (n + 1.0 / 6)));
    return z >= 0 ? 0.5 + root : 0.5 - root;
}

// American put on a Leisen-Reimer tree of n (odd) steps.
double leisenReimerPut(double S, double K, double T, double r, double q, double sigma, int n) {
    const double dt = T / n, growth = std::exp((r - q) * dt), discount = std::exp(-r * dt);
    const double vT = sigma * std::sqrt(T);
    const double d1 = (std::log(S / K) + (r - q + 0.5 * sigma * sigma) * T) / vT;
    const double p = peizerPratt(d1 - vT, n);
    const double u = growth * peizerPratt(d1, n) / p;
    const double d = (growth - p * u) / (1 - p);
    const double pu = discount * p, pd = discount * (1 - p), ratio = u / d;
    const double logD = std::log(d), logRatio = std::log(ratio), logS = std::log(S);
    std::vector<double> V(n + 1);
    for (int j = 0; j <= n; j++) V[j] = std::max(K - std::exp(logS + n * logD + j * logRatio), 0.0);
    for (int i = n - 1; i >= 0; i--) {
        double spot = std::exp(logS + i * logD);
        for (int j = 0; j <= i; j++) {
            double value = std::max(K - spot, pd * V[j] + pu * V[j + 1]);
            V[j] = value < 1e-250 ? 0.0 : value;  // no subnormals: they would slow the loop a hundredfold
            spot *= ratio;
        }
    }
    return V[0];
}

double treePut(double S, double K, double T, double r, double q, double sigma) {
    if (r <= 0 && r <= q) return europeanPut(S, K, T, r, q, sigma);
    return 2 * leisenReimerPut(S, K, T, r, q, sigma, 20001) - leisenReimerPut(S, K, T, r, q, sigma, 10001);
}

// splitmix64: a fixed, portable sequence for the random contracts.
struct Random {
    uint64_t state;
    double next() {
        uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        z ^= z >> 31;
        return (z >> 11) * 0x1.0p-53;
    }
};

std::vector<Case> cases() {
    const double nan = std::nan("");
    std::vector<Case> out;
    // Grid: K = 100, S/K 0.5-2, T 1 day-5 years (days/365), σ 5%-150%, (r, q) with q < r, q = r and q > r.
    const double moneyness[] = {0.5, 0.7, 0.85, 0.95, 1.0, 1.05, 1.15, 1.4, 2.0};
    const int days[] = {1, 7, 30, 91, 182, 365, 730, 1826};
    const double sigmas[] = {0.05, 0.15, 0.3, 0.6, 1.0, 1.5};
    const double rates[][2] = {{0, 0},    {0, 0.05},     {0.02, 0},   {0.05, 0.02}, {0.05, 0.05},
                               {0.1, 0}, {0.02, 0.1}, {0.1, 0.1}, {0.1, 0.04},  {0.03, 0.0305}};
    for (int type = 0; type < 2; type++)
        for (double m : moneyness)
            for (int d : days)
                for (double sigma : sigmas)
                    for (const auto& rq : rates)
                        out.push_back({"grid", type == 0, 100 * m, 100, d / 365.0, rq[0], rq[1], sigma, nan});
    // Random contracts in the same ranges (log-uniform S/K, T and σ; uniform r and q).
    Random random{20240523};
    for (int i = 0; i < 2000; i++) {
        const bool isCall = random.next() < 0.5;
        const double S = 100 * std::exp(std::log(0.5) + random.next() * std::log(4.0));
        const double T = std::exp(std::log(1 / 365.0) + random.next() * std::log(5 * 365.0));
        const double sigma = std::exp(std::log(0.05) + random.next() * std::log(30.0));
        const double r = 0.1 * random.next();
        const double q = 0.1 * random.next();
        out.push_back({"random", isCall, S, 100, T, r, q, sigma, nan});
    }
    // Haug, "Option Pricing Formulas" (1998) p. 24, as in QuantLib's test-suite/americanoption.cpp: the
    // Barone-Adesi-Whaley approximation's values (so not exact), K = 100, r = q = 10%.
    const double baw[][4] = {  // S, T, σ, call, put are below
        {90, 0.1, 0.15, 0}, {100, 0.1, 0.15, 0}, {110, 0.1, 0.15, 0}, {90, 0.1, 0.25, 0}, {100, 0.1, 0.25, 0},
        {110, 0.1, 0.25, 0}, {90, 0.1, 0.35, 0}, {100, 0.1, 0.35, 0}, {110, 0.1, 0.35, 0}, {90, 0.5, 0.15, 0},
        {100, 0.5, 0.15, 0}, {110, 0.5, 0.15, 0}, {90, 0.5, 0.25, 0}, {100, 0.5, 0.25, 0}, {110, 0.5, 0.25, 0},
        {90, 0.5, 0.35, 0}, {100, 0.5, 0.35, 0}, {110, 0.5, 0.35, 0}};
    const double bawCall[] = {0.0206, 1.8771, 10.0089, 0.3159, 3.1280, 10.3919, 0.9495, 4.3777, 11.1679,
                              0.8208, 4.0842, 10.8087, 2.7437, 6.8015, 13.0170, 5.0063, 9.5106, 15.5689};
    const double bawPut[] = {10.0000, 1.8770, 0.0410, 10.2533, 3.1277, 0.4562, 10.8787, 4.3777, 1.2402,
                             10.5595, 4.0842, 1.0822, 12.4419, 6.8014, 3.3226, 14.6945, 9.5104, 5.8823};
    for (int i = 0; i < 18; i++) out.push_back({"haug-baw", true, baw[i][0], 100, baw[i][1], 0.1, 0.1, baw[i][2], bawCall[i]});
    for (int i = 0; i < 18; i++) out.push_back({"haug-baw", false, baw[i][0], 100, baw[i][1], 0.1, 0.1, baw[i][2], bawPut[i]});
    out.push_back({"haug-baw", false, 100, 100, 0.5, 0, 0, 0.15, 4.2294});
    // Haug (1998) p. 27 and his VBA code: Bjerksund-Stensland (1993) values, as in QuantLib's test-suite.
    out.push_back({"haug-bs", true, 42, 40, 0.75, 0.04, 0.08, 0.35, 5.2704});
    out.push_back({"haug-bs", false, 36, 40, 1, 0.06, 0, 0.2, 4.4531});
    // Ju, "An approximate formula for pricing American options", J. Derivatives (1999), exhibits 3 and 6, as in
    // QuantLib's test-suite (testJuValues): S = 40 puts, K = 100 calls.
    const double juPutK[] = {35, 40, 45};
    const double juT[] = {0.0833, 0.3333, 0.5833};
    const double juPutSigma[] = {0.2, 0.3, 0.4};
    const double juPut[] = {0.006, 0.201, 0.433, 0.851, 1.576, 1.984, 5.000, 5.084, 5.260,
                            0.078, 0.697, 1.218, 1.309, 2.477, 3.161, 5.059, 5.699, 6.231,
                            0.247, 1.344, 2.150, 1.767, 3.381, 4.342, 5.288, 6.501, 7.367};
    int k = 0;
    for (double sigma : juPutSigma)
        for (double K : juPutK)
            for (double T : juT) out.push_back({"ju", false, 40, K, T, 0.0488, 0, sigma, juPut[k++]});
    const double juCallRates[][3] = {{0.03, 0.07, 0.2}, {0.03, 0.07, 0.4}, {0.00001, 0.07, 0.3}, {0.07, 0.03, 0.3}};
    const double juCall[] = {2.605,  5.182,  9.065,  14.430, 21.398, 11.336, 15.711, 20.760, 26.440, 32.709,
                             5.552,  8.868,  13.158, 18.458, 24.786, 12.177, 17.411, 23.402, 30.028, 37.177};
    k = 0;
    for (const auto& c : juCallRates)
        for (double S : {80.0, 90.0, 100.0, 110.0, 120.0}) out.push_back({"ju", true, S, 100, 3, c[0], c[1], c[2], juCall[k++]});
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    const int treeEvery = argc > 1 ? std::atoi(argv[1]) : 10;
    const ext::shared_ptr<GeneralizedBlackScholesProcess> none;
    const Exposed reference(none, ext::make_shared<QdFpTanhSinhIterationScheme>(16, 64, 1e-12));
    const Exposed legendre(none, ext::make_shared<QdFpLegendreScheme>(128, 16, 64, 256));
    const std::vector<Case> all = cases();
    std::printf("set,type,S,K,T,r,q,sigma,reference,legendre,tree,published\n");
    int row = 0;
    for (const Case& c : all) {
        // A call is the put with S and K, r and q exchanged.
        const double S = c.isCall ? c.K : c.S, K = c.isCall ? c.S : c.K;
        const double r = c.isCall ? c.q : c.r, q = c.isCall ? c.r : c.q;
        const double value = qdfpPut(reference, S, K, c.T, r, q, c.sigma);
        const double check = qdfpPut(legendre, S, K, c.T, r, q, c.sigma);
        const bool withTree = c.set != "grid" && c.set != "random" ? true : row % treeEvery == 0;
        const double tree = withTree ? treePut(S, K, c.T, r, q, c.sigma) : std::nan("");
        std::printf("%s,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.12f,%.12f,", c.set.c_str(), c.isCall ? "call" : "put", c.S,
                    c.K, c.T, c.r, c.q, c.sigma, value, check);
        if (withTree) std::printf("%.12f", tree);
        std::printf(",");
        if (!std::isnan(c.published)) std::printf("%g", c.published);
        std::printf("\n");
        std::fflush(stdout);
        if (c.set == "grid" || c.set == "random") row++;
    }
    return 0;
}
