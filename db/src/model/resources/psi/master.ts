import { defineResource, type FieldDef, type ResourceDef } from '../../resource';
import { t } from '../../text';
import { PSI_DICT } from '../../psi/dicts';
import { checkIsbn13 } from '../../psi/isbn';
import { MAX_UNIT_PRICE_CENTS } from '../../money';
import {
  createTime,
  dict,
  key,
  discount,
  money,
  num,
  ref,
  ro,
  rowStatus,
  shown,
  text,
  textarea,
  versionField,
  datetime,
} from './fields';

export const goodsInfoResource = defineResource({
  key: 'goodsinfo',
  api: '/blade-psi/goodsinfo',
  title: t('图书管理', 'Books'),
  permission: 'goodsinfo',
  tenant: 'scoped',
  dialogWidth: 1000,
  ops: { add: true, edit: true, view: true, delete: true, export: true },
  unique: [{ fields: ['isbn'], label: t('ISBN', 'ISBN') }],
  access: { export: { button: 'goodsinfo_export' } },
  fields: [
    text('goodsCode', '图书编码', 'Code', { maxLength: 32, search: 'like', sortable: true }),
    text('isbn', 'ISBN', 'ISBN', {
      priority: 'key',
      required: true,
      message: t('请输入ISBN', 'Please enter the ISBN'),
      maxLength: 17,
      check: checkIsbn13,
      search: 'like',
      sortable: true,
    }),
    text('goodsName', '书名', 'Title', {
      priority: 'key',
      required: true,
      message: t('请输入书名', 'Please enter the title'),
      maxLength: 200,
      search: 'like',
      sortable: true,
      width: 280,
    }),
    text('author', '作者', 'Author', { maxLength: 100, inTable: false }),
    text('publisher', '出版社', 'Publisher', { required: true, maxLength: 100, search: 'like' }),
    text('edition', '版本', 'Edition', { required: true, maxLength: 50, search: 'equal' }),
    text('printEdition', '版次', 'Printing', { maxLength: 50, inTable: false }),
    dict('schoolStage', PSI_DICT.schoolStage, '学段', 'Stage', { required: true, search: 'equal' }),
    text('grade', '年级', 'Grade', { required: true, maxLength: 20, search: 'equal' }),
    text('subject', '学科', 'Subject', { required: true, maxLength: 20, search: 'equal' }),
    text('volume', '册次', 'Volume', { required: true, maxLength: 20 }),
    dict('termNo', PSI_DICT.termNo, '适用学期', 'Term', { required: true, search: 'equal' }),
    dict('goodsType', PSI_DICT.goodsType, '类型', 'Type', {
      required: true,
      defaultValue: 1,
      search: 'equal',
    }),
    money('price', '定价', 'List price', {
      priority: 'key',
      required: true,
      sortable: true,
      max: MAX_UNIT_PRICE_CENTS,
    }),
    discount('saleDiscount', '销售折扣', 'Sale discount', { defaultValue: '1.0000', inTable: false }),
    discount('purchaseDiscount', '进货折扣', 'Purchase discount', { inTable: false }),
    text('unit', '单位', 'Unit', { maxLength: 10, defaultValue: '册', inTable: false }),
    num('packQuantity', '件装数', 'Copies per parcel', { min: 1, inTable: false }),
    { name: 'coverUrl', kind: 'upload', label: t('封面', 'Cover'), maxLength: 500, inTable: false },
    textarea('remark', '备注', 'Remark'),
    key(rowStatus('状态', 'Status')),
    versionField(),
    createTime(),
  ],
});

export const depositoryInfoResource = defineResource({
  key: 'depositoryinfo',
  api: '/blade-psi/depositoryinfo',
  title: t('仓库信息', 'Depositories'),
  permission: 'depositoryinfo',
  tenant: 'scoped',
  dialogWidth: 900,
  unique: [{ fields: ['depositoryCode'], label: t('仓库编码', 'Depository code') }],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  fields: [
    text('depositoryCode', '仓库编码', 'Code', {
      required: true,
      maxLength: 32,
      search: 'like',
      sortable: true,
    }),
    text('depositoryName', '仓库名称', 'Name', {
      priority: 'key',
      required: true,
      maxLength: 100,
      search: 'like',
    }),
    dict('depositoryType', PSI_DICT.depositoryType, '仓库类型', 'Type', { required: true, search: 'equal' }),
    text('regionCode', '所在地区代码', 'Region code', {
      required: true,
      maxLength: 12,
      pattern: {
        regex: '^\\d{6,12}$',
        message: t('地区代码为6至12位数字', 'A region code has 6 to 12 digits'),
      },
      search: 'equal',
    }),
    text('regionName', '所在地区', 'Region', { maxLength: 100 }),
    text('serviceRegionCodes', '服务地区', 'Served regions', {
      required: true,
      maxLength: 500,
      pattern: {
        regex: '^\\d{6,12}(,\\d{6,12})*$',
        message: t('服务地区为逗号分隔的地区代码', 'Served regions are comma-separated region codes'),
      },
    }),
    text('address', '地址', 'Address', { maxLength: 255, inTable: false }),
    text('managerName', '负责人', 'Manager', { priority: 'key', maxLength: 50 }),
    text('managerPhone', '联系电话', 'Phone', { maxLength: 20 }),
    ref('userId', '仓库账号', 'Operator account', { inTable: false }),
    shown('userAccount', '仓库账号', 'Operator account'),
    num('sort', '排序', 'Sort', { sortable: true, inTable: false }),
    textarea('remark', '备注', 'Remark'),
    key(rowStatus('状态', 'Status')),
    versionField(),
    createTime(),
  ],
});

/** Identifies a school by its code; the roster and the platform terms each hold one row per school. */
const uniqueSchoolCode = [{ fields: ['schoolCode'], label: t('学校标识码', 'School code') }];

/** The fields naming and locating a school, as the roster and the platform terms both hold them. */
function schoolIdentity({
  searchable,
  contactsInTable,
}: {
  searchable: boolean;
  contactsInTable: boolean;
}): FieldDef[] {
  const search = searchable ? { search: 'equal' as const } : {};
  const contacts = contactsInTable ? {} : { inTable: false };
  return [
    text('schoolCode', '学校标识码', 'Code', {
      required: true,
      maxLength: 32,
      search: 'like',
      sortable: true,
    }),
    text('schoolName', '学校名称', 'Name', {
      priority: 'key',
      required: true,
      maxLength: 100,
      search: 'like',
      width: 220,
    }),
    dict('schoolType', PSI_DICT.schoolType, '学校类型', 'Type', { required: true, ...search }),
    text('regionCode', '地区代码', 'Region code', {
      required: true,
      maxLength: 12,
      pattern: {
        regex: '^\\d{6,12}$',
        message: t('地区代码为6至12位数字', 'A region code has 6 to 12 digits'),
      },
      ...search,
    }),
    text('regionName', '所在地区', 'Region', { maxLength: 100 }),
    text('address', '地址', 'Address', { maxLength: 255, inTable: false }),
    text('contactName', '联系人', 'Contact', { maxLength: 50, ...contacts }),
    text('contactPhone', '联系电话', 'Phone', { maxLength: 20, ...contacts }),
  ];
}

export const schoolInfoResource = defineResource({
  key: 'schoolinfo',
  api: '/blade-psi/schoolinfo',
  title: t('学校信息', 'Schools'),
  permission: 'schoolinfo',
  tenant: 'scoped',
  dialogWidth: 900,
  unique: uniqueSchoolCode,
  fields: [
    ...schoolIdentity({ searchable: true, contactsInTable: true }),
    ref('userId', '学校账号', 'School account', { inTable: false }),
    shown('userAccount', '学校账号', 'School account'),
    ref('depositoryId', '默认仓库', 'Default depository', { search: 'equal', inTable: false }),
    shown('depositoryName', '默认仓库', 'Default depository'),
    num('studentCount', '在校生数', 'Students', { min: 0, inTable: false }),
    ro(money('accountBalance', '账户余额', 'Balance', { priority: 'key', sortable: true })),
    textarea('remark', '备注', 'Remark'),
    key(rowStatus('状态', 'Status')),
    versionField(),
    createTime(),
  ],
});

export const schoolYyptInfoResource = defineResource({
  key: 'schoolyyptinfo',
  api: '/blade-psi/schoolyyptinfo',
  title: t('学校平台信息', 'School platform terms'),
  permission: 'schoolyyptinfo',
  tenant: 'scoped',
  dialogWidth: 900,
  ops: { add: true, edit: true, view: true, delete: true, export: true },
  unique: uniqueSchoolCode,
  fields: [
    ro(ref('schoolId', '学校', 'School', { search: 'equal', inTable: false })),
    ...schoolIdentity({ searchable: false, contactsInTable: false }),
    num('studentCount', '在校生数', 'Students', { min: 0 }),
    text('defaultDepositoryCode', '默认仓库编码', 'Default depository code', { maxLength: 32 }),
    discount('discount', '销售折扣', 'Discount', { priority: 'key', required: true, defaultValue: '1.0000' }),
    text('salesman', '业务员', 'Salesman', { priority: 'key', maxLength: 50 }),
    text('salesmanPhone', '业务员电话', 'Salesman phone', { maxLength: 20, inTable: false }),
    text('contractNo', '协议编号', 'Contract no.', { maxLength: 50, inTable: false }),
    ro(text('importBatchNo', '导入批次', 'Import batch', { inTable: false })),
    ro(datetime('importTime', '导入时间', 'Imported at', { inTable: false })),
    textarea('remark', '备注', 'Remark'),
    createTime(),
  ],
});

/** The master data resources, in menu order. */
export const masterResources: ResourceDef[] = [
  goodsInfoResource,
  depositoryInfoResource,
  schoolInfoResource,
  schoolYyptInfoResource,
];
