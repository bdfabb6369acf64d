#pragma once

#include "domain/result.h"

#include <QCoreApplication>
#include <QStringList>
#include <QVector>

#include <chrono>

namespace boxoffice::bench {

struct BenchOptions
{
    QStringList scenarios; // in report order
    QVector<int> clients;
    std::chrono::milliseconds duration{0};
    int rounds = 1; // the whole matrix again: ratios are then the median of the rounds' ratios
    bool quick = false;
    QString databaseUrl; // empty: a throwaway private cluster
    bool inPlace = false; // with a URL: run inside that database instead of creating one
    bool keep = false;
    QString jsonPath;
    QString plotPath;

    // Reads the command line; --help and --list print and exit. A BadInput error is a usage mistake.
    static Result<BenchOptions> parse(const QCoreApplication &app);
};

} // namespace boxoffice::bench
