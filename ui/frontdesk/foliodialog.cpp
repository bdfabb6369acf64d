#include "ui/frontdesk/foliodialog.h"

#include "ui/frontdesk/foliopanel.h"

#include <QDialogButtonBox>
#include <QVBoxLayout>

namespace boxoffice {

FolioDialog::FolioDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Folio"));
    auto *layout = new QVBoxLayout(this);
    m_panel = new FolioPanel;
    layout->addWidget(m_panel);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(900, 520);
}

} // namespace boxoffice
