# Precompiled headers: the Qt and standard headers nearly every file of a target includes, parsed once
# per target instead of once per file. Parsing them was most of the build's time, and the build is most
# of CI's 30 minutes. Only system headers go in, so editing a project header never rebuilds a .gch.
# -DBOXOFFICE_PRECOMPILED_HEADERS=OFF builds without them: to check that every file includes what it
# uses, or for tools that read compile_commands.json but not GCC's .gch files.
option(BOXOFFICE_PRECOMPILED_HEADERS "Precompile the common Qt headers of each target" ON)

set(BOXOFFICE_PCH_CORE
    <algorithm> <functional> <memory> <optional>
    <QByteArray> <QDateTime> <QHash> <QJsonArray> <QJsonDocument> <QJsonObject> <QObject>
    <QRegularExpression> <QSet> <QString> <QStringList> <QVariant> <QVector>)
set(BOXOFFICE_PCH_SQL <QSqlDatabase> <QSqlError> <QSqlQuery>)
set(BOXOFFICE_PCH_NETWORK <QHostAddress> <QTcpServer> <QTcpSocket>)
# Named headers, not the module headers (<QtWidgets>, <QtTest>): a .gch of a whole module is twice the
# size, and loading it costs small files more than parsing their own few headers.
set(BOXOFFICE_PCH_WIDGETS
    <QComboBox> <QDialog> <QDialogButtonBox> <QFormLayout> <QHBoxLayout> <QHeaderView> <QLabel> <QLineEdit>
    <QLocale> <QPushButton> <QTableWidget> <QVBoxLayout> <QWidget>)
set(BOXOFFICE_PCH_TEST
    <atomic> <mutex>
    <QCoreApplication> <QDir> <QElapsedTimer> <QFile> <QProcess> <QSignalSpy> <QStandardPaths> <QTemporaryDir>
    <QTest> <QThread> <QTimer>)

if(BOXOFFICE_PRECOMPILED_HEADERS AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # A .gch GCC cannot use (other macros, other flags) is silently parsed as text again: say so.
    add_compile_options(-Winvalid-pch)
endif()

# boxoffice_precompile_headers(target [SQL] [NETWORK] [WIDGETS] [TEST]): the core set plus the named ones.
function(boxoffice_precompile_headers target)
    if(NOT BOXOFFICE_PRECOMPILED_HEADERS)
        return()
    endif()
    set(headers ${BOXOFFICE_PCH_CORE})
    foreach(set IN LISTS ARGN)
        list(APPEND headers ${BOXOFFICE_PCH_${set}})
    endforeach()
    target_precompile_headers(${target} PRIVATE ${headers})
endfunction()

# boxoffice_reuse_precompiled_headers(target donor): one .gch for many small targets (the test suites).
# Both must see the same macros (the same Qt modules) or GCC ignores the .gch (-Winvalid-pch says so).
function(boxoffice_reuse_precompiled_headers target donor)
    if(BOXOFFICE_PRECOMPILED_HEADERS)
        target_precompile_headers(${target} REUSE_FROM ${donor})
    endif()
endfunction()
