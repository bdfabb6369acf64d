#pragma once

#include "domain/rates.h"
#include "ui/common/databasecalls.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace boxoffice {

// A manager's room rates for one hotel: the rules of each room type (a season, a weekend, a season's
// weekend), added and removed here, and the nights' prices they give, previewed with the rate being
// typed before it is added. Anyone may look; the database refuses a clerk's change whatever this
// dialog allows, and the dialog says so in the clerk's words.
class RatesDialog : public QDialog
{
    Q_OBJECT
public:
    RatesDialog(RateService &rates, DatabaseCalls calls, const HotelSummary &hotel, bool manager,
                QWidget *parent = nullptr);

    void reload();
    bool addRate(); // the form as typed; the list is read again after it
    bool removeSelectedRate();
    bool changed() const { return m_changed; } // something was added or removed: the calendar reads again

    // The rule in the form, as it would be added (no id).
    RateRule draft() const;
    // The nights previewed: the saved rules and the draft, as the database would price them.
    QVector<NightPrice> preview() const { return m_preview; }
    QString message() const;

    QComboBox *roomTypes() const { return m_roomTypes; }
    QTableWidget *rulesTable() const { return m_rules; }
    QTableWidget *previewTable() const { return m_previewTable; }
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *priceEdit() const { return m_price; }
    QDateEdit *firstNightEdit() const { return m_first; }
    QDateEdit *lastNightEdit() const { return m_last; }
    QCheckBox *weekdayBox(Qt::DayOfWeek day) const { return m_days.at(int(day) - 1); }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }

    static constexpr int previewNights = 21;

private:
    QGroupBox *buildForm();
    void showRules();
    void updatePreview();
    void say(const QString &text, bool problem);
    RoomTypeSummary currentType() const;

    RateService &m_rates;
    DatabaseCalls m_calls;
    HotelSummary m_hotel;
    bool m_manager = false;
    bool m_changed = false;
    QVector<RateRule> m_all; // every rule of the hotel, as last read
    QVector<RateRule> m_shown; // the rows of the rules table
    QVector<NightPrice> m_preview;

    QComboBox *m_roomTypes = nullptr;
    QTableWidget *m_rules = nullptr;
    QPushButton *m_remove = nullptr;
    QLineEdit *m_name = nullptr;
    QDateEdit *m_first = nullptr;
    QDateEdit *m_last = nullptr;
    QVector<QCheckBox *> m_days; // Monday first
    QPushButton *m_weekend = nullptr;
    QLineEdit *m_price = nullptr;
    QPushButton *m_add = nullptr;
    QTableWidget *m_previewTable = nullptr;
    QLabel *m_previewTitle = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace boxoffice
