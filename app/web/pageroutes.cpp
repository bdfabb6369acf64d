// GET / and GET /static/{file}: the buyer's page, and GET /api/v1/openapi.yaml: the API's description,
// all compiled into the program (no build step, no files to deploy beside it).

#include "routes.h"

namespace boxoffice::web {

namespace {

ApiReply staticFile(const QString &name)
{
    static const QHash<QString, QByteArray> types{{QStringLiteral("index.html"), "text/html; charset=utf-8"},
                                                  {QStringLiteral("shop.js"), "text/javascript; charset=utf-8"},
                                                  {QStringLiteral("shop.css"), "text/css; charset=utf-8"},
                                                  {QStringLiteral("shop-text.js"), "text/javascript; charset=utf-8"},
                                                  {QStringLiteral("shop-map.js"), "text/javascript; charset=utf-8"}};
    // Only the files of the page, by exact name: nothing else of the resource tree, no paths.
    if (!types.contains(name))
        return ApiReply::error(404, QStringLiteral("not_found"), QStringLiteral("No such page."));
    return compiledFile(QStringLiteral(":/web/static/") + name, types.value(name), "no-cache");
}

} // namespace

QVector<Route> pageRoutes(WebServices &)
{
    Route index{QStringLiteral("/"), QStringLiteral("/"), 0, {}};
    MethodHandler page{QStringLiteral("GET"),
                       [](const ApiCall &, WorkerContext *) { return staticFile(QStringLiteral("index.html")); }};
    page.lane = Lane::None;
    index.methods.append(page);

    Route files{QStringLiteral("/static/<arg>"), QStringLiteral("/static/{file}"), 1, {}};
    MethodHandler file{QStringLiteral("GET"),
                       [](const ApiCall &call, WorkerContext *) { return staticFile(call.args.value(0)); }};
    file.lane = Lane::None;
    files.methods.append(file);
    Route description{QStringLiteral("/api/v1/openapi.yaml"), QStringLiteral("/api/v1/openapi.yaml"), 0, {}};
    MethodHandler yaml{QStringLiteral("GET"), [](const ApiCall &, WorkerContext *) {
                           return compiledFile(QStringLiteral(":/web/openapi.yaml"), "application/yaml; charset=utf-8",
                                               "no-cache");
                       }};
    yaml.lane = Lane::None;
    description.methods.append(yaml);
    return {index, files, description};
}

} // namespace boxoffice::web
