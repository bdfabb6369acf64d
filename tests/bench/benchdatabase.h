#pragma once

#include "domain/result.h"
#include "storage/connectionsettings.h"

#include <QString>

#include <functional>
#include <memory>

namespace boxoffice {
class PrivateCluster;
}

namespace boxoffice::bench {

// Where a bench run keeps its data, and that nothing of it is left behind:
// - no URL: a throwaway PrivateCluster under the temp folder, durable like the product's own;
// - a URL: a database of its own on that server, dropped afterwards;
// - a URL and in-place: the database the URL names, whose schema must be current (the caller loads
//   and removes its own venue there).
class BenchDatabase
{
public:
    using Progress = std::function<void(const QString &message)>;

    BenchDatabase(QString url, bool inPlace);
    ~BenchDatabase();
    BenchDatabase(const BenchDatabase &) = delete;
    BenchDatabase &operator=(const BenchDatabase &) = delete;

    // Creates (or checks) the database, migrated to the current schema. Returns how to connect.
    Result<ConnectionSettings> open(const Progress &progress);
    // Removes what open() created, unless `keep`; says where it is left when kept.
    Status close(bool keep, const Progress &progress);

    bool inPlace() const { return m_mode == Mode::InPlace; }
    // Added to the name of the venue the bench loads: nothing in a database of its own, something
    // unique in a database it shares.
    QString venueSuffix() const;
    QString description() const;

private:
    enum class Mode { PrivateCluster, OwnDatabase, InPlace };

    Result<ConnectionSettings> openPrivateCluster(const Progress &progress);
    Result<ConnectionSettings> openOwnDatabase();
    Result<ConnectionSettings> openInPlace();

    Mode m_mode;
    QString m_url;
    std::unique_ptr<PrivateCluster> m_cluster;
    ConnectionSettings m_server; // --db: the URL's own database, used to create and drop ours
    ConnectionSettings m_settings;
    QString m_createdDatabase;
};

} // namespace boxoffice::bench
