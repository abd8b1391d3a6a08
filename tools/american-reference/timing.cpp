// QuantLib's Andersen-Lake-Offengenden engine on the American cases of the pricing bench (bench/pricing.ts), for the
// bench to print beside its own engine in the same run.
//
// Reads contracts from stdin, one a line: type (call or put), S, K, T, r, q, sigma, comma-separated.
//   timing prices   prints, a line per contract, the price by QdFpAmericanEngine::fastScheme() and by
//                   QdFpAmericanEngine::highPrecisionScheme();
//   timing time N   prices every contract once with the fast scheme (warm-up), then N times more, and prints the
//                   best pass in nanoseconds of the process's CPU time per price (CPU time, not elapsed time, so
//                   that other work on a shared machine does not count; the bench times its own engine the same way).
// Calls are priced as puts by the put-call symmetry C(S, K, r, q) = P(K, S, q, r) (McDonald & Schroder 1998), as
// QuantLib's engine does internally; a put with r <= 0 and r <= q is never exercised early: its European value. The
// engine is called directly (calculatePut), without QuantLib's instrument, quote and term-structure objects, so the
// time is the engine's own.
//
// Build: g++ -O2 -std=c++17 -o timing timing.cpp -lQuantLib (Debian: apt-get install libquantlib0-dev); the bench
// builds it itself when QuantLib is installed.
#include <ql/pricingengines/blackcalculator.hpp>
#include <ql/pricingengines/vanilla/qdfpamericanengine.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace QuantLib;

namespace {

struct Exposed : QdFpAmericanEngine {
    using QdFpAmericanEngine::QdFpAmericanEngine;
    using QdFpAmericanEngine::calculatePut;
};

struct Contract {
    double S, K, T, r, q, sigma;  // as a put (calls already exchanged)
};

double price(const Exposed& engine, const Contract& c) {
    if (c.r <= 0 && c.r <= c.q) {
        return BlackCalculator(Option::Put, c.K, c.S * std::exp((c.r - c.q) * c.T), c.sigma * std::sqrt(c.T),
                               std::exp(-c.r * c.T))
            .value();
    }
    return engine.calculatePut(c.S, c.K, c.r, c.q, c.sigma, c.T);
}

std::vector<Contract> read() {
    std::vector<Contract> out;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        std::stringstream fields(line);
        std::string type, cell;
        std::getline(fields, type, ',');
        double v[6];
        for (double& x : v) {
            std::getline(fields, cell, ',');
            x = std::strtod(cell.c_str(), nullptr);
        }
        const bool isCall = type == "call";
        out.push_back({isCall ? v[1] : v[0], isCall ? v[0] : v[1], v[2], isCall ? v[4] : v[3], isCall ? v[3] : v[4], v[5]});
    }
    return out;
}

/** The process's CPU time in nanoseconds. */
double cpuNanoseconds() {
    timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec * 1e9 + now.tv_nsec;
}

}  // namespace

int main(int argc, char** argv) {
    const ext::shared_ptr<GeneralizedBlackScholesProcess> none;
    const std::vector<Contract> contracts = read();
    const Exposed fast(none, QdFpAmericanEngine::fastScheme());
    if (argc > 1 && std::strcmp(argv[1], "prices") == 0) {
        const Exposed precise(none, QdFpAmericanEngine::highPrecisionScheme());
        for (const Contract& c : contracts) std::printf("%.12f,%.12f\n", price(fast, c), price(precise, c));
        return 0;
    }
    if (argc > 2 && std::strcmp(argv[1], "time") == 0) {
        const int passes = std::atoi(argv[2]);
        double sink = 0, best = 1e300;
        for (int pass = 0; pass <= passes; pass++) {
            const double start = cpuNanoseconds();
            for (const Contract& c : contracts) sink += price(fast, c);
            const double ns = cpuNanoseconds() - start;
            if (pass > 0 && ns < best) best = ns;
        }
        std::printf("%.1f\n", best / contracts.size());
        return sink == 42 ? 1 : 0;
    }
    std::fprintf(stderr, "usage: timing prices | timing time PASSES (contracts on stdin)\n");
    return 2;
}
