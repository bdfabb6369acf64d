#pragma once

#include <QDialog>

namespace boxoffice {

class FolioPanel;

// The folio of the stay chosen at the front desk, in a window of its own.
class FolioDialog : public QDialog
{
    Q_OBJECT
public:
    explicit FolioDialog(QWidget *parent = nullptr);
    FolioPanel *panel() const { return m_panel; }

private:
    FolioPanel *m_panel = nullptr;
};

} // namespace boxoffice
