#include "chaosoptions.h"

#include <QRandomGenerator>

#include <cstring>

namespace boxoffice::test {

namespace {

bool parseCount(const QString &text, int minimum, int maximum, int *value)
{
    bool ok = false;
    const int number = text.toInt(&ok);
    if (!ok || number < minimum || number > maximum)
        return false;
    *value = number;
    return true;
}

// One option's value, from the environment or the command line: false (with `error`) when malformed.
bool apply(ChaosOptions &options, const QString &name, const QString &value, bool *seedGiven, QString *error)
{
    bool ok = true;
    if (name == QLatin1String("seed")) {
        options.seed = value.toULongLong(&ok);
        *seedGiven = ok;
    } else if (name == QLatin1String("ops")) {
        ok = parseCount(value, 1, 10'000'000, &options.ops);
    } else if (name == QLatin1String("workers")) {
        ok = parseCount(value, 1, 64, &options.workers);
    }
    if (!ok)
        *error = QStringLiteral("--%1 needs a whole number (got \"%2\")").arg(name, value);
    return ok;
}

} // namespace

std::optional<ChaosOptions> ChaosOptions::take(int &argc, char **argv, QString *error)
{
    ChaosOptions options;
    bool seedGiven = false;
    const char *names[] = {"seed", "ops", "workers"};
    for (const char *name : names) {
        const QByteArray variable = QByteArray("BOXOFFICE_CHAOS_") + QByteArray(name).toUpper();
        if (qEnvironmentVariableIsSet(variable.constData())
            && !apply(options, QLatin1String(name), qEnvironmentVariable(variable.constData()), &seedGiven, error))
            return std::nullopt;
    }
    int kept = 1;
    for (int i = 1; i < argc; ++i) {
        const char *argument = argv[i];
        bool ours = false;
        for (const char *name : names) {
            if (std::strncmp(argument, "--", 2) == 0 && std::strcmp(argument + 2, name) == 0) {
                if (i + 1 >= argc) {
                    *error = QStringLiteral("--%1 needs a value").arg(QLatin1String(name));
                    return std::nullopt;
                }
                if (!apply(options, QLatin1String(name), QString::fromLocal8Bit(argv[++i]), &seedGiven, error))
                    return std::nullopt;
                ours = true;
            }
        }
        if (!ours)
            argv[kept++] = argv[i];
    }
    argc = kept;
    argv[argc] = nullptr;
    if (!seedGiven)
        options.seed = QRandomGenerator::system()->generate64() >> 1; // printable as a positive number
    return options;
}

} // namespace boxoffice::test
